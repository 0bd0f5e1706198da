import type { Db } from '../../db/connect';

/**
 * Data this process keeps in memory and the site draws from (decisions 0062, 0064): read at start, again after the
 * editor's save, and every few seconds so that a save through another instance reaches this one too. What is read
 * is small (a few dozen rows), so the whole of it, as JSON, is its version; `derive` (a render) runs only when it
 * changed. Listeners (the pages' render in src/server/web.ts) are awaited by refresh.
 */
export class PolledStore<Read, Value> {
  private value: Value | undefined;
  private version = '';
  private listeners: ((value: Value) => Promise<unknown> | void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly read: (db: Db) => Promise<Read>,
    private readonly derive: (read: Read) => Value,
  ) {}

  /** Undefined until first read: the pages then show what they were built with. */
  current(): Value | undefined {
    return this.value;
  }

  /** Called with the new value on each change; a returned promise is awaited by refresh. */
  onChange(listener: (value: Value) => Promise<unknown> | void): void {
    this.listeners.push(listener);
  }

  /** Read again; true when it changed since the last read, once the listeners are done with it. */
  async refresh(db: Db): Promise<boolean> {
    const read = await this.read(db);
    const version = JSON.stringify(read);
    if (version === this.version) return false;
    const value = this.derive(read);
    this.version = version;
    this.value = value;
    await Promise.all(this.listeners.map((l) => l(value)));
    return true;
  }

  watch(db: Db, everyMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh(db).catch(() => {});
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
