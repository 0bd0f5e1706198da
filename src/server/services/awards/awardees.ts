import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AwardeesJson } from '../../../core/schemas/award';
import type { Db } from '../../db/connect';
import { awardNominations } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { imageType } from '../../storage/sniff';

/** Where the public page finds an awardee's photo. */
export const awardeePhotoPath = (nominationId: string) => `/api/awards/photos/${nominationId}`;

/**
 * The year's awardees for the public awards page, in award-id order: photo, name, designation, affiliation,
 * award and award id. Never an e-mail address, a CV or anything of a nomination not awarded.
 */
export async function listAwardees({ db, year }: { db: Db; year: number }): Promise<AwardeesJson> {
  const rows = await db
    .select({
      id: awardNominations.id,
      name: awardNominations.nomineeName,
      designation: awardNominations.designation,
      affiliation: awardNominations.affiliation,
      award: awardNominations.category,
      awardId: awardNominations.awardId,
      photoKey: awardNominations.photoKey,
      decidedAt: awardNominations.decidedAt,
    })
    .from(awardNominations)
    .where(and(eq(awardNominations.year, year), eq(awardNominations.status, 'awarded'), isNotNull(awardNominations.awardId)))
    .orderBy(asc(awardNominations.decidedAt), asc(awardNominations.id));
  return {
    year,
    awardees: rows.map((r) => ({
      name: r.name,
      designation: r.designation,
      affiliation: r.affiliation,
      award: r.award,
      awardId: r.awardId!,
      photo: r.photoKey ? awardeePhotoPath(r.id) : null,
    })),
  };
}

/** An awardee's photo (public once awarded): its key and image type; 404 for anyone else's or none. */
export async function findAwardeePhoto(opts: { db: Db; files: FileStore; id: string }): Promise<{ key: string; type: string }> {
  const [row] = await opts.db
    .select({ key: awardNominations.photoKey })
    .from(awardNominations)
    .where(and(eq(awardNominations.id, opts.id), eq(awardNominations.status, 'awarded')))
    .limit(1);
  if (!row?.key || !(await opts.files.exists(row.key))) throw new AppError('not_found', 'Photo not found');
  const type = imageType(await opts.files.head(row.key, 16));
  if (!type) throw new AppError('not_found', 'Photo not found');
  return { key: row.key, type };
}
