import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';

/** An image the settings hold for documents (PNG or JPEG, told by its first bytes). */
export interface DocumentImage {
  bytes: Uint8Array;
  type: 'png' | 'jpeg';
}

/**
 * Who signs the conference's documents (settings, decision 0046): name, title and the signature image, if any; and
 * the logo the editor uploaded for documents (decision 0054; null: the drawn IMSE logo).
 */
export interface Organiser {
  name: string;
  title: string;
  signature: DocumentImage | null;
  logo: DocumentImage | null;
}

const DEFAULT_NAME = 'Organising Secretary';
const DEFAULT_TITLE = 'Organising Committee';
/** Larger stored images are left out of documents (the upload refuses them first). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What an image is by its first bytes: PNG, JPEG, or neither. */
export function imageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

async function readAll(store: FileStore, key: string): Promise<Uint8Array | null> {
  if (!(await store.exists(key))) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of store.get(key)) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > MAX_IMAGE_BYTES) return null;
    chunks.push(b);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A stored image, or null when the key is unset, the file is missing, too large, or not a PNG/JPEG. */
async function readImage(store: FileStore, key: string | null | undefined): Promise<DocumentImage | null> {
  if (!key) return null;
  const bytes = await readAll(store, key).catch(() => null);
  const type = bytes ? imageType(bytes) : null;
  return bytes && type ? { bytes, type } : null;
}

/**
 * The organiser as the settings name them, with the signature image and the documents' logo read from the file
 * store. An image that is missing or not a PNG/JPEG is left out (the document is signed by name only, the drawn
 * logo stands in) rather than failing it.
 */
export async function findOrganiser({ db, store }: { db: Db; store: FileStore }): Promise<Organiser> {
  const [row] = await db
    .select({
      name: settings.organiserName,
      title: settings.organiserTitle,
      signatureKey: settings.signatureKey,
      logoKey: settings.logoKey,
    })
    .from(settings)
    .where(sql`${settings.id} = 1`)
    .limit(1);
  const [signature, logo] = await Promise.all([readImage(store, row?.signatureKey), readImage(store, row?.logoKey)]);
  return { name: row?.name || DEFAULT_NAME, title: row?.title || DEFAULT_TITLE, signature, logo };
}
