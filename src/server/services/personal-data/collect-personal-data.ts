import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';

/** A database or an open transaction, for raw reads. */
type Reader = Pick<Db, 'execute'>;

export const rowsOf = async <T = Record<string, unknown>>(db: Reader, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The account a person's data is gathered for: its id and lower-cased address. */
export interface Person {
  id: string;
  email: string;
}

/** A stored file of the person's, and the name it has in the zip. */
export interface ExportFile {
  key: string;
  name: string;
}

/**
 * Everything the product holds about one person (decision 0071; GDPR articles 15 and 20), across every edition (the
 * `_all` tables below the editions' views): each part a JSON document of the zip, and the stored files it names.
 * Secrets are left out (password hash, link tokens); everything else is as stored.
 */
export async function collectPersonalData(db: Reader, person: Person): Promise<{ parts: Record<string, unknown>; files: ExportFile[] }> {
  const { id, email } = person;
  const [profile] = await rowsOf<Record<string, unknown> & { photo_key: string | null }>(
    db,
    sql`select id, name, email, role, phone, affiliation, country, orcid, tags, created_at, email_verified_at, approved_at, chair_only, photo_key
      from users where id = ${id}`,
  );
  const accounts = await rowsOf(
    db,
    sql`select id, role, name, created_at, email_verified_at from users where lower(email) = ${email} and id <> ${id} order by created_at`,
  );
  const papers = await rowsOf<{ id: string }>(
    db,
    sql`select p.*, (p.author_id = ${id}) as submitted_by_you from papers_all p
      where p.author_id = ${id} or exists (select 1 from paper_co_authors_all c where c.paper_id = p.id and lower(c.email) = ${email})
      order by p.created_at`,
  );
  const paperIds = papers.map((p) => p.id);
  const anyPaper = paperIds.length ? sql`paper_id in (${sql.join(paperIds, sql`, `)})` : sql`false`;
  const versions = await rowsOf<{ paper_id: string; version: number; storage_key: string; file_name: string }>(
    db,
    sql`select paper_id, version, file_name, size, created_at as uploaded_at, storage_key from paper_files_all where ${anyPaper} order by paper_id, version`,
  );
  const coAuthors = await rowsOf(db, sql`select * from paper_co_authors_all where ${anyPaper} order by paper_id, position`);
  const cameraReady = await rowsOf<{ paper_id: string; storage_key: string }>(db, sql`select * from camera_ready_all where ${anyPaper}`);
  const reviews = await rowsOf(db, sql`select * from reviews_all where reviewer_id = ${id}`);
  const reviewVersions = await rowsOf(db, sql`select * from review_versions_all where reviewer_id = ${id} order by paper_id, version`);
  const discussion = await rowsOf(db, sql`select * from discussion_posts_all where author_id = ${id}`);
  const bids = await rowsOf(db, sql`select * from bids_all where reviewer_id = ${id}`);
  const registrations = await rowsOf<{ id: string }>(
    db,
    sql`select * from registrations_all where user_id = ${id} or (user_id is null and lower(email) = ${email}) order by created_at`,
  );
  const regIds = registrations.map((r) => r.id);
  const anyRegistration = (column: string) => (regIds.length ? sql`${sql.raw(column)} in (${sql.join(regIds, sql`, `)})` : sql`false`);
  const payments = await rowsOf(
    db,
    sql`select id, txnid, provider, amount, currency, name, email, phone, product, status, registration_id, paid_on, created_at, updated_at
      from payments_all where lower(email) = ${email} or ${anyRegistration('registration_id')} order by created_at`,
  );
  const receipts = await rowsOf(db, sql`select * from receipts_all where ${anyRegistration('registration_id')} order by created_at`);
  const visaLetters = await rowsOf(
    db,
    sql`select * from visa_letters_all where requested_by = ${id} or ${anyRegistration('registration_id')}`,
  );
  const mails = await rowsOf(
    db,
    sql`select 'sent' as via, id, "to", subject, body, template, result as status, created_at from mail_log_all where lower("to") = ${email}
      union all
      select 'queue' as via, id, "to", subject, body, template, status, created_at from mail_queue_all where lower("to") = ${email}
      order by created_at`,
  );
  const audit = await rowsOf(
    db,
    sql`select id, created_at as at, actor_id, actor_role, action, paper_id, ip, details from audit_log_all
      where actor_id = ${id} or details->>'reviewerId' = ${id} or lower(details->>'email') = ${email}
      order by created_at`,
  );
  const sessions = await rowsOf(db, sql`select id, created_at, last_seen_at, user_agent, ip, ended_at from sessions where user_id = ${id}`);

  const files: ExportFile[] = [];
  if (profile?.photo_key) files.push({ key: profile.photo_key, name: 'files/profile-photo' });
  for (const v of versions) files.push({ key: v.storage_key, name: `files/papers/${v.paper_id}/version-${v.version}.pdf` });
  for (const c of cameraReady) files.push({ key: c.storage_key, name: `files/papers/${c.paper_id}/camera-ready.pdf` });
  if (profile) delete (profile as Record<string, unknown>).photo_key;
  return {
    parts: {
      'profile.json': profile ?? null,
      'accounts-same-address.json': accounts,
      'papers.json': { papers, versions: versions.map(({ storage_key: _key, ...v }) => v), coAuthors, cameraReady },
      'reviews.json': { reviews, versions: reviewVersions, discussion, bids },
      'registrations.json': { registrations, visaLetters },
      'payments.json': { payments, receipts },
      'mails.json': mails,
      'audit.json': audit,
      'sessions.json': sessions,
    },
    files,
  };
}
