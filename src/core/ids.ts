/**
 * Ids are 24-character lowercase hex strings (docs/product.md#validation-and-messages), laid out like a MongoDB ObjectId:
 * 4 bytes of seconds since the epoch, 5 random bytes fixed per process, a 3-byte counter.
 * So ids sort by creation time, which the lists use for "newest first" and cursors.
 */
const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

const processPart = randomHex(5);
let counter = Math.floor(Math.random() * 0xffffff);

export function newId(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds.toString(16).padStart(8, '0').slice(-8) + processPart + counter.toString(16).padStart(6, '0');
}

/** The creation time an id carries (to the second). */
export function idTime(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
