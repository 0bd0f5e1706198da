import { and, eq, sql, type SQL } from 'drizzle-orm';
import { findPersonConflicts, institutionOf, MAILBOX_RULES, mailboxOf, type PersonConflict } from '../../../core/person-conflicts';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { findCoAuthors } from './co-authors';

export type ReviewerConflict = PersonConflict & { reviewerId: string };

/**
 * An address column's mailbox in SQL, by the rules of core's mailboxOf (written out from the same table, so
 * the two cannot drift; tests/api/conflict-aliases.test.ts checks them against each other). Addresses are
 * stored trimmed with one '@' (the Email schema).
 */
export function mailboxSql(column: SQL): SQL {
  const address = sql`lower(${column})`;
  const local = sql`split_part(${address}, '@', 1)`;
  const cases = Object.entries(MAILBOX_RULES).map(([host, rule]) => {
    const base = sql`split_part(${local}, '+', 1)`;
    return sql`when ${sql.raw(literal(host))} then ${rule.ignoreDots ? sql`replace(${base}, '.', '')` : base} || ${sql.raw(literal(`@${rule.domain}`))}`;
  });
  return sql`(case split_part(${address}, '@', 2) ${sql.join(cases, sql` `)} else ${address} end)`;
}

/** LIKE patterns for the addresses at an institution or any of its subdomains (the core function decides). */
export function institutionPatterns(institutions: Iterable<string>): string[] {
  return [...institutions].flatMap((d) => {
    const escaped = d.replace(/[\\%_]/g, '\\$&');
    return [`%@${escaped}`, `%.${escaped}`];
  });
}

/** The mail providers' own domains (where core's mailboxOf may rewrite an address), and the hosts that map to each. */
const PROVIDER_HOSTS: ReadonlyMap<string, string[]> = Object.entries(MAILBOX_RULES).reduce((map, [host, rule]) => {
  map.set(rule.domain, [...(map.get(rule.domain) ?? []), host]);
  return map;
}, new Map<string, string[]>());

/** A LIKE prefix on reverse(lower(email)) for addresses ending in `suffix` ('@uni-a.edu', '.uni-a.edu'). */
const reversedPrefix = (suffix: string) =>
  `${[...suffix]
    .reverse()
    .join('')
    .replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The reviewers whose address may be one of `mailboxes` (aliases seen through) or at one of `institutions` (or a
 * subdomain), as a condition every part of which an index serves (migration 0014): an address outside the mail
 * providers is its own mailbox (users_email_role_idx); a provider's mailbox is looked for among that provider's
 * addresses, and an institution's addresses by the reversed address's prefix (users_reviewer_reverse_email_idx).
 * Candidates only: core/person-conflicts.ts decides.
 */
export function reviewerCandidates(opts: { mailboxes: readonly string[]; institutions?: Iterable<string> }): SQL {
  const email = sql`lower(${users.email})`;
  const reversed = sql`reverse(lower(${users.email}))`;
  const hostOfMailbox = (m: string) => m.slice(m.lastIndexOf('@') + 1);
  const plain = opts.mailboxes.filter((m) => !PROVIDER_HOSTS.has(hostOfMailbox(m)));
  const atProvider = opts.mailboxes.filter((m) => PROVIDER_HOSTS.has(hostOfMailbox(m)));
  const parts: SQL[] = [];
  if (plain.length) parts.push(sql`${email} = any(${pgArray(plain)}::text[])`);
  for (const domain of new Set(atProvider.map(hostOfMailbox))) {
    const hosts = PROVIDER_HOSTS.get(domain)!;
    const mine = atProvider.filter((m) => hostOfMailbox(m) === domain);
    parts.push(
      sql`((${sql.join(
        hosts.map((h) => sql`${reversed} like ${reversedPrefix(`@${h}`)}`),
        sql` or `,
      )}) and ${mailboxSql(sql`${users.email}`)} = any(${pgArray(mine)}::text[]))`,
    );
  }
  for (const d of new Set(opts.institutions ?? [])) {
    parts.push(sql`${reversed} like ${reversedPrefix(`@${d}`)}`, sql`${reversed} like ${reversedPrefix(`.${d}`)}`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * The reviewers conflicted with a paper by person: the same mailbox as its author or a co-author (any
 * domain, aliases seen through), or the same institution (registrable domain, public providers excepted).
 * Only reviewers whose mailbox or domain can match are read (through indexes); core/person-conflicts.ts decides.
 */
export async function findPersonConflictsForPaper({ db, paperId }: { db: Db; paperId: string }): Promise<ReviewerConflict[]> {
  const [paper] = await db
    .select({ authorEmail: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(eq(papers.id, paperId))
    .limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  const coAuthors = (await findCoAuthors({ db, paperId })).map((c) => c.email);
  const emails = [paper.authorEmail, ...coAuthors];
  const mailboxes = [...new Set(emails.map(mailboxOf))];
  const institutions = new Set(emails.map(institutionOf).filter((d) => d !== null));
  const reviewers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'Reviewer'), reviewerCandidates({ mailboxes, institutions })));
  return reviewers.flatMap((r) =>
    findPersonConflicts(r.email, { author: paper.authorEmail, coAuthors }).map((c) => ({ reviewerId: r.id, ...c })),
  );
}

/** A constant of ours as an SQL string literal (host names: letters, digits, dots, '@' and '-'). */
function literal(value: string): string {
  if (!/^[a-z0-9.@-]+$/.test(value)) throw new Error(`not a host name: ${value}`);
  return `'${value}'`;
}
