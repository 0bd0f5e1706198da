import type { MyNominationJson } from '../../../core/schemas/award';
import type { AwardNominationRow } from '../../db/schema';

/** A nomination as its nominator, the panel and the editors read it (the CV and photo by their own routes). */
export function nominationJson(row: AwardNominationRow): MyNominationJson {
  return {
    id: row.id,
    year: row.year,
    category: row.category,
    nomineeName: row.nomineeName,
    nomineeEmail: row.nomineeEmail,
    designation: row.designation,
    affiliation: row.affiliation,
    statement: row.statement,
    age: row.age,
    studentStatus: row.studentStatus,
    hasPhoto: row.photoKey !== null,
    status: row.status,
    awardId: row.awardId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
