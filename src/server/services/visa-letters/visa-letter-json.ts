import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EditorVisaLetterJson, VisaLetterJson } from '../../../core/schemas/visa-letter';
import type { Db } from '../../db/connect';
import { papers, registrations, visaLetters } from '../../db/schema';
import { isPaperAuthor } from '../shared/paper-authorship';

/** A visa letter as the services hand it on (the visa_letters table's columns). */
export interface VisaLetter {
  id: string;
  registrationId: string;
  requestedBy: string;
  passportName: string;
  nationality: string;
  passportNumber: string | null;
  passportRemovedAt: Date | null;
  arrivalDate: string;
  departureDate: string;
  status: 'requested' | 'approved' | 'rejected';
  reason: string | null;
  code: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** A letter with what it says about its person: the registration and, when it names one, the paper's title. */
export interface LetterRecord {
  letter: VisaLetter;
  registration: { id: string; name: string; email: string; category: string; paperId: string | null };
  paperTitle: string | null;
  /** Whether the registration's person is an author of its paper now (shared/paper-authorship.ts), read with the letter. */
  isAuthor: boolean;
}

/**
 * The role the letter names (decision 0046): author of the paper the registration is for, else attendee — author only
 * while the data says this person is one of the paper's authors (decision 0056), whatever the registration named.
 */
export function letterRole(r: Pick<LetterRecord, 'registration' | 'paperTitle' | 'isAuthor'>): string {
  return r.registration.paperId && r.paperTitle !== null && r.isAuthor
    ? `author of the paper "${r.paperTitle}" (Paper ID: ${r.registration.paperId})`
    : 'attendee';
}

/** The letters with their registration and paper, in one query; `where` picks them. */
export async function findLetterRecords({ db, where }: { db: Db; where: SQL | undefined }): Promise<LetterRecord[]> {
  const rows = await db
    .select({
      letter: visaLetters,
      registration: {
        id: registrations.id,
        name: registrations.name,
        email: registrations.email,
        category: registrations.category,
        paperId: registrations.paperId,
      },
      paperTitle: papers.title,
      isAuthor: sql<boolean>`${isPaperAuthor({ paperId: registrations.paperId, userId: registrations.userId, email: registrations.email })}`,
    })
    .from(visaLetters)
    .innerJoin(registrations, eq(registrations.id, visaLetters.registrationId))
    .leftJoin(papers, eq(papers.id, registrations.paperId))
    .where(where)
    .orderBy(desc(visaLetters.createdAt), desc(visaLetters.id));
  return rows;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The requester's view: never the passport number. */
export function toVisaLetterJson(r: LetterRecord): VisaLetterJson {
  const l = r.letter;
  return {
    id: l.id,
    registrationId: l.registrationId,
    passportName: l.passportName,
    nationality: l.nationality,
    arrivalDate: l.arrivalDate,
    departureDate: l.departureDate,
    status: l.status,
    reason: l.reason,
    code: l.code,
    createdAt: l.createdAt.toISOString(),
    decidedAt: iso(l.decidedAt),
    role: letterRole(r),
  };
}

/** The editor's view: the passport number too, while it is kept. */
export function toEditorVisaLetterJson(r: LetterRecord): EditorVisaLetterJson {
  return {
    ...toVisaLetterJson(r),
    passportNumber: r.letter.passportNumber,
    passportRemovedAt: iso(r.letter.passportRemovedAt),
    registrantName: r.registration.name,
    registrantEmail: r.registration.email,
    category: r.registration.category,
  };
}
