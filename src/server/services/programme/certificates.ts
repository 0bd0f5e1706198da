import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import { courseIdOfCategory } from '../../../core/registration';
import type { CertificateJson } from '../../../core/schemas/program';
import type { Db } from '../../db/connect';
import { certificates, papers, registrations, workshopCourses } from '../../db/schema';
import { renderCertificatePdf } from '../../documents/certificate-pdf';
import { newDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import type { Mailer } from '../../mail/send';
import { findOrganiser } from '../shared/organiser';
import { conferenceHasStarted, readRegistrationOffice } from '../shared/registration-office';
import { certificateDetails } from '../shared/verify-document';
import { findPublishedProgram } from './published-program';

type CertificateRow = typeof certificates.$inferSelect;

/** Certificates share the document code of receipts and letters (src/server/documents/codes.ts). */
export const newCertificateCode = newDocumentCode;

export function certificateJson(c: CertificateRow): CertificateJson {
  return {
    code: c.code,
    kind: c.kind,
    name: c.name,
    email: c.email,
    paperId: c.paperId,
    paperTitle: c.paperTitle,
    issuedAt: c.issuedAt.toISOString(),
  };
}

/** A presentation certificate due: the paper as the latest published programme places it, with its presenter. */
interface Presentation {
  paperId: string;
  name: string;
  email: string;
  title: string;
  ended: boolean;
}

/**
 * The papers of the latest PUBLISHED programme (never the draft: a paper placed in a session nobody saw is not a
 * presentation), each with its presenter and whether its session has ended. A paper in two sessions has ended
 * once either has.
 */
async function publishedPresentations(db: Db, now: Date): Promise<Presentation[]> {
  const published = await findPublishedProgram(db);
  const byPaper = new Map<string, Presentation>();
  for (const session of published?.sessions ?? []) {
    const ended = Date.parse(session.end) < now.getTime();
    for (const p of session.papers) {
      const seen = byPaper.get(p._id);
      if (seen) seen.ended ||= ended;
      else byPaper.set(p._id, { paperId: p._id, name: p.presenter, email: p.presenterEmail, title: p.title, ended });
    }
  }
  return [...byPaper.values()];
}

/**
 * Issue what is due and not yet issued (decisions 0047 and 0054): a presentation certificate per paper of the latest
 * published programme whose session has taken place (ended before `now`), for its presenter — or, with the
 * editor's explicit override `presentationsBeforeSessions`, also for papers whose session is still to come; an
 * attendance certificate per person checked in at the desk with a paid registration (one per e-mail; paying alone
 * is not attending); and a workshop certificate per checked-in paid workshop registration (its course title kept
 * as `paperTitle`). Issuing again adds only the new ones; a unique (kind, subject) index keeps one per subject.
 * `waiting` counts the presentation certificates held back because their session has not taken place yet.
 */
export async function issueCertificates(opts: {
  db: Db;
  presentationsBeforeSessions?: boolean;
  now?: Date;
  /** Each new certificate's holder is mailed (decision 0077), in the transaction that issues it. */
  notify?: { mailer: Mailer; publicUrl: string };
}): Promise<{ issued: number; waiting: number; certificates: CertificateJson[] }> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const presentations = await publishedPresentations(db, now);
  const ids = presentations.map((p) => p.paperId);
  const [current, issuedBefore] = ids.length
    ? await Promise.all([
        db.select({ id: papers.id, title: papers.title }).from(papers).where(inArray(papers.id, ids)),
        db
          .select({ subject: certificates.subject })
          .from(certificates)
          .where(and(eq(certificates.kind, 'presentation'), inArray(certificates.subject, ids))),
      ])
    : [[], []];
  // The title as the paper has it now (a camera-ready version may have corrected it since the programme was published).
  const titles = new Map(current.map((p) => [p.id, p.title]));
  const already = new Set(issuedBefore.map((c) => c.subject));
  // A paper deleted since the programme was published has nobody to certify (and its row would break the certificate's reference).
  const existing = presentations.filter((p) => titles.has(p.paperId));
  const due = existing.filter((p) => p.ended || opts.presentationsBeforeSessions === true);
  const waiting = existing.filter((p) => !p.ended && opts.presentationsBeforeSessions !== true && !already.has(p.paperId)).length;
  // Attendance and workshop certificates only from the conference's first day (decision 0077): nobody has attended before it.
  const started = conferenceHasStarted((await readRegistrationOffice(db)).facts, now);
  const arrived = started
    ? await db
        .select({ id: registrations.id, name: registrations.name, email: registrations.email, category: registrations.category })
        .from(registrations)
        .where(and(eq(registrations.status, 'paid'), isNotNull(registrations.checkedInAt)))
        .orderBy(registrations.checkedInAt, registrations.id)
    : [];
  const rows: (typeof certificates.$inferInsert)[] = due.map((p) => ({
    code: newCertificateCode(),
    kind: 'presentation' as const,
    subject: p.paperId,
    name: p.name,
    email: p.email,
    paperId: p.paperId,
    paperTitle: titles.get(p.paperId)!,
  }));
  const courseTitles = new Map(
    (await db.select({ id: workshopCourses.id, title: workshopCourses.title }).from(workshopCourses)).map((c) => [c.id, c.title]),
  );
  const seen = new Set<string>();
  for (const r of arrived) {
    const course = courseIdOfCategory(r.category);
    if (course) {
      rows.push({
        code: newCertificateCode(),
        kind: 'workshop',
        subject: r.id,
        name: r.name,
        email: r.email.trim(),
        paperId: null,
        paperTitle: courseTitles.get(course) ?? course,
      });
      continue;
    }
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      code: newCertificateCode(),
      kind: 'attendance',
      subject: key,
      name: r.name,
      email: r.email.trim(),
      paperId: null,
      paperTitle: null,
    });
  }
  const inserted = rows.length
    ? await db.transaction(async (tx) => {
        const added = await tx.insert(certificates).values(rows).onConflictDoNothing().returning();
        if (opts.notify) await mailCertificates({ tx, ...opts.notify, issued: added });
        return added;
      })
    : [];
  const all = await db.select().from(certificates).orderBy(certificates.kind, certificates.name);
  return { issued: inserted.length, waiting, certificates: all.map(certificateJson) };
}

const KIND_WORDS: Record<CertificateRow['kind'], string> = {
  presentation: 'presentation',
  attendance: 'attendance',
  workshop: 'workshop participation',
  award: 'award',
};

/** "Certificate issued" to each holder of a new certificate (decision 0077). */
async function mailCertificates(opts: { tx: Db; mailer: Mailer; publicUrl: string; issued: CertificateRow[] }): Promise<void> {
  if (!opts.issued.length) return;
  await opts.mailer.sendMany(
    opts.issued.map((c) => ({
      to: c.email,
      template: 'certificateIssued' as const,
      values: {
        name: c.name,
        kind: KIND_WORDS[c.kind] ?? c.kind,
        subject: c.paperTitle ? ` for "${c.paperTitle}"` : '',
        code: c.code,
        certificatesUrl: `${opts.publicUrl}/author/dashboard`,
        checkUrl: `${opts.publicUrl}/verify/${c.code}`,
      },
    })),
    opts.tx,
  );
}

type Holder = { email: string; emailVerified: boolean };

/**
 * The certificates issued to the caller's address, once the account has verified it; before that only whether
 * some wait (anyone may sign up with anyone's address: docs/product.md#accounts-and-verified-addresses).
 */
export async function findCertificatesFor({
  db,
  holder,
}: {
  db: Db;
  holder: Holder;
}): Promise<{ certificates: CertificateJson[]; waitingForVerification?: true }> {
  const rows = await db
    .select()
    .from(certificates)
    .where(sql`lower(${certificates.email}) = ${holder.email.toLowerCase()}`)
    .orderBy(certificates.issuedAt);
  if (!holder.emailVerified) return rows.length ? { certificates: [], waitingForVerification: true } : { certificates: [] };
  return { certificates: rows.map(certificateJson) };
}

async function findCertificate(db: Db, code: string): Promise<CertificateJson | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code.toUpperCase()));
  return row ? certificateJson(row) : null;
}

/** A certificate the caller may download: issued to their verified address (any of their accounts share it). */
export async function findOwnCertificate(input: { db: Db; code: string; caller: Holder }): Promise<CertificateJson> {
  const c = await findCertificate(input.db, input.code);
  if (!c || !input.caller.emailVerified || c.email.toLowerCase() !== input.caller.email.toLowerCase())
    throw new AppError('not_found', 'Certificate not found');
  return c;
}

/** A certificate as anyone holding its code may check it (without the e-mail address); 404 otherwise. */
export async function verifyCertificate(opts: { db: Db; code: string }): Promise<Omit<CertificateJson, 'email'>> {
  const c = await findCertificate(opts.db, opts.code);
  if (!c) throw new AppError('not_found', 'No certificate has this code');
  const { email: _email, ...shown } = c;
  return shown;
}

/** The caller's own certificate (by verified e-mail) as a PDF, signed by the organiser, with a link to verify it. */
export async function renderOwnCertificate(opts: {
  db: Db;
  store?: FileStore;
  code: string;
  caller: Holder;
  conference: ConferenceFacts;
  publicUrl: string;
}): Promise<{ code: string; pdf: Uint8Array }> {
  const certificate = await findOwnCertificate(opts);
  const [row] = await opts.db
    .select({ kind: certificates.kind, subject: certificates.subject })
    .from(certificates)
    .where(eq(certificates.code, certificate.code));
  const details = row ? await certificateDetails({ db: opts.db, certificate: row }) : undefined;
  const organiser = opts.store ? await findOrganiser({ db: opts.db, store: opts.store }) : undefined;
  const pdf = await renderCertificatePdf({
    certificate,
    details,
    organiser,
    conference: opts.conference,
    verifyUrl: `${opts.publicUrl}/verify/${certificate.code}`,
  });
  return { code: certificate.code, pdf };
}
