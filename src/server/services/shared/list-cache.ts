/**
 * Where other instances' writes are counted (decision 0020): a PostgreSQL sequence every instance on the
 * database moves on around each write and reads before serving a cached list. A sequence is not
 * transactional, so moving it never waits on a lock, and reading it sees every instance's last move at once.
 */
export interface SharedGeneration {
  current(): Promise<string>;
  bump(): Promise<void>;
}

/**
 * Recently assembled paper lists, as JSON text, keyed by who asked. Any write anywhere in the API makes
 * every entry stale (the generation moves on before the write and again before its answer goes out, so a
 * read racing a write cannot keep the old list), and entries also age out well before their signed PDF
 * links do. With a shared generation (several instances on one database) a write through any instance
 * makes the entries of all of them stale: a hit then costs one read of the sequence instead of the lists'
 * queries (decision 0020).
 */
export class ListCache {
  private generation = 0;
  private entries = new Map<string, { generation: number; shared: string; expires: number; json: string }>();
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now = () => Date.now(),
    private readonly shared?: SharedGeneration,
  ) {}

  /** Stale at once in this process; the returned promise settles once other instances will see it too. */
  invalidate(): Promise<void> {
    this.generation++;
    // A failed bump (database down) cannot leave a list cached here stale: the write failed with it.
    return this.shared ? this.shared.bump().catch(() => {}) : Promise.resolve();
  }

  async get(key: string, build: () => Promise<unknown>): Promise<string> {
    const shared = this.shared ? await this.shared.current() : '';
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.shared === shared && hit.expires > this.now()) return hit.json;
    const generation = this.generation;
    const json = JSON.stringify(await build());
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { generation, shared, expires: this.now() + this.ttlMs, json });
    return json;
  }
}

/** The shared generation on PostgreSQL's `list_cache_generation` sequence (migration 0008). */
export function pgSharedGeneration(pool: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> }): SharedGeneration {
  return {
    current: async () => String((await pool.query('select last_value from list_cache_generation')).rows[0]?.last_value),
    bump: async () => {
      await pool.query(`select nextval('list_cache_generation')`);
    },
  };
}
