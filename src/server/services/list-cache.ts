/**
 * Recently assembled paper lists, as JSON text, keyed by who asked. Any write anywhere in the API makes
 * every entry stale (the generation moves on before the write and again after its answer, so a read
 * racing a write cannot keep the old list), and entries also age out well before their signed PDF links
 * do. Reading the same list again then costs the caller check and a map lookup.
 */
export class ListCache {
  private generation = 0;
  private entries = new Map<string, { generation: number; expires: number; json: string }>();
  constructor(private readonly ttlMs = 60_000, private readonly maxEntries = 10_000, private readonly now = () => Date.now()) {}

  invalidate(): void {
    this.generation++;
  }

  async get(key: string, build: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expires > this.now()) return hit.json;
    const generation = this.generation;
    const json = JSON.stringify(await build());
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { generation, expires: this.now() + this.ttlMs, json });
    return json;
  }
}
