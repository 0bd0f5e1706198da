// zip-stream ships no types: the part this server uses (one entry at a time, then finalize).
declare module 'zip-stream' {
  import { Transform, type Readable } from 'node:stream';

  interface EntryData {
    name: string;
    store?: boolean;
    date?: Date | string;
    mode?: number;
  }
  export default class ZipStream extends Transform {
    constructor(options?: { store?: boolean; zlib?: { level?: number }; forceZip64?: boolean });
    /** Adds one entry; the next may be added only after `callback`. */
    entry(source: Readable | Buffer | string | null, data: EntryData, callback: (err?: Error | null) => void): this;
    finalize(): void;
  }
}
