import { eq, sql } from 'drizzle-orm';
import { countryName } from '../../../core/proceedings';
import { formatMoney } from '../../../core/format';
import { courseIdOfCategory } from '../../../core/registration';
import type { Db } from '../../db/connect';
import { awardNominations, certificates, papers, receipts, registrations, visaLetters, workshopCourses } from '../../db/schema';
import { normaliseDocumentCode } from '../../documents/codes';
import { isPaperAuthor } from './paper-authorship';

type CertificateKind = (typeof certificates.$inferSelect)['kind'];

/** What an award or workshop certificate names besides the person: the award and its id, or the course. */
export interface CertificateDetails {
  award: { category: string; year: number; awardId: string } | null;
  workshop: { courseId: string; title: string; date: string } | null;
}

/**
 * The award (certificate subject = the nomination id) or the workshop course (subject = the workshop
 * registration's id, category `workshop-<courseId>`) a certificate is for; null parts for the other kinds.
 */
export async function certificateDetails(opts: {
  db: Db;
  certificate: { kind: CertificateKind; subject: string };
}): Promise<CertificateDetails> {
  const { db, certificate: c } = opts;
  if (c.kind === 'award') {
    const [n] = await db
      .select({ category: awardNominations.category, year: awardNominations.year, awardId: awardNominations.awardId })
      .from(awardNominations)
      .where(eq(awardNominations.id, c.subject));
    return { award: n ? { category: n.category, year: n.year, awardId: n.awardId ?? '' } : null, workshop: null };
  }
  if (c.kind === 'workshop') {
    const [r] = await db.select({ category: registrations.category }).from(registrations).where(eq(registrations.id, c.subject));
    // The course as the edition has it now (decision 0045): a date the organiser moved is the date printed.
    const courseId = r ? courseIdOfCategory(r.category) : null;
    const [course] = courseId
      ? await db
          .select({ id: workshopCourses.id, title: workshopCourses.title, date: workshopCourses.date })
          .from(workshopCourses)
          .where(eq(workshopCourses.id, courseId))
      : [];
    return { award: null, workshop: course ? { courseId: course.id, title: course.title, date: course.date } : null };
  }
  return { award: null, workshop: null };
}

/** A document as the public verify page shows it: what it proves, never an e-mail address or a passport number. */
export type VerifiedDocument =
  | {
      type: 'certificate';
      code: string;
      kind: CertificateKind;
      name: string;
      paperId: string | null;
      paperTitle: string | null;
      issuedAt: string;
      award: CertificateDetails['award'];
      workshop: CertificateDetails['workshop'];
    }
  | {
      type: 'receipt';
      code: string;
      number: string;
      issuedTo: string;
      item: string;
      amount: string;
      amountMinor: number;
      currency: 'USD' | 'INR';
      method: string;
      paidAt: string;
      issuedAt: string;
    }
  | {
      type: 'visa-letter';
      code: string;
      passportName: string;
      nationality: string;
      arrivalDate: string;
      departureDate: string;
      role: string;
      approvedAt: string | null;
    };

const nationalityName = (code: string) => {
  try {
    return countryName(code);
  } catch {
    return code;
  }
};

/** The codes a typed code may stand for: as typed (upper case) and read the forgiving way (O as 0, I and L as 1). */
function candidates(typed: string): string[] {
  const raw = typed.trim().toUpperCase();
  if (!/^[0-9A-Z-]{1,40}$/.test(raw)) return [];
  return [...new Set([raw, normaliseDocumentCode(raw)])].filter((c) => c.length > 0);
}

/**
 * Any document by its public code: a certificate (four kinds), a receipt, or an approved visa letter. A letter
 * that is requested or refused is not a document yet: null, as for an unknown code.
 */
export async function verifyDocument({ db, code: typed }: { db: Db; code: string }): Promise<VerifiedDocument | null> {
  for (const code of candidates(typed)) {
    const [c] = await db.select().from(certificates).where(eq(certificates.code, code));
    if (c) {
      const details = await certificateDetails({ db, certificate: c });
      return {
        type: 'certificate',
        code: c.code,
        kind: c.kind,
        name: c.name,
        paperId: c.paperId,
        paperTitle: c.paperTitle,
        issuedAt: c.issuedAt.toISOString(),
        ...details,
      };
    }
    const [r] = await db.select().from(receipts).where(eq(receipts.code, code));
    if (r) {
      return {
        type: 'receipt',
        code: r.code,
        number: r.number,
        issuedTo: r.billingName,
        item: r.item,
        amount: formatMoney(r.amountMinor, r.currency),
        amountMinor: r.amountMinor,
        currency: r.currency,
        method: r.method,
        paidAt: r.paidAt.toISOString(),
        issuedAt: r.issuedAt.toISOString(),
      };
    }
    // The role as the data gives it now (decision 0056): author only while the person is one of the paper's authors.
    const [l] = await db
      .select({
        letter: visaLetters,
        paperId: registrations.paperId,
        paperTitle: papers.title,
        isAuthor: sql<boolean>`${isPaperAuthor({ paperId: registrations.paperId, userId: registrations.userId, email: registrations.email })}`,
      })
      .from(visaLetters)
      .innerJoin(registrations, eq(registrations.id, visaLetters.registrationId))
      .leftJoin(papers, eq(papers.id, registrations.paperId))
      .where(eq(visaLetters.code, code));
    if (l && l.letter.status === 'approved') {
      return {
        type: 'visa-letter',
        code: l.letter.code ?? code,
        passportName: l.letter.passportName,
        nationality: nationalityName(l.letter.nationality),
        arrivalDate: l.letter.arrivalDate,
        departureDate: l.letter.departureDate,
        role:
          l.paperId && l.paperTitle !== null && l.isAuthor ? `Author of the paper “${l.paperTitle}” (Paper ID: ${l.paperId})` : 'Attendee',
        approvedAt: l.letter.decidedAt ? l.letter.decidedAt.toISOString() : null,
      };
    }
  }
  return null;
}
