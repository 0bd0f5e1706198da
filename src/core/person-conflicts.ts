import { getDomain } from 'tldts';

/**
 * Conflicts of interest by person (decision 0016 and docs/product.md#conflicts-of-interest): a reviewer whose mailbox is the author's or a
 * co-author's is the same person, whatever the domain; one at the same institution as any of them (the same
 * registrable domain, public mail providers excepted) is a colleague. Pure, used by the server only: tldts
 * (the Public Suffix List, ~40 KB) stays out of the browser's bundles.
 */

/** Mail providers whose users share a domain without sharing an institution (compared by registrable domain). */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'qq.com',
  '163.com',
  '126.com',
  'rediffmail.com',
  'zoho.com',
]);

/**
 * Providers that deliver other spellings of an address to the same mailbox. Only providers whose behaviour is
 * documented, and only the rules they document, so that two people are never merged into one:
 * - Gmail ignores dots in the local part and anything from '+'; googlemail.com is the same mailbox.
 * - Outlook.com (outlook.com, hotmail.com, live.com, msn.com) delivers user+tag to user since 2013; dots
 *   count there, and the domains are separate namespaces (jo@hotmail.com and jo@outlook.com may be two people).
 * - iCloud delivers user+tag to user; an account's me.com and mac.com names are always its icloud.com name
 *   too (Apple grants them together and never to another account), so the three are one mailbox.
 * - Proton (proton.me, protonmail.com, pm.me) delivers user+tag to user.
 * Left out: Yahoo's '-' addresses hang off a separately chosen base name, not the account's, and '-' is an
 * ordinary character in Yahoo names; other providers (GMX, AOL, Yandex, Zoho) are not documented here.
 * An institution's own aliases need no rule: the same domain is a conflict anyway.
 */
interface MailboxRule {
  provider: string;
  domain: string;
  ignoreDots: boolean;
}
const GMAIL: MailboxRule = { provider: 'Gmail', domain: 'gmail.com', ignoreDots: true };
const ICLOUD: MailboxRule = { provider: 'iCloud', domain: 'icloud.com', ignoreDots: false };
const plusOnly = (provider: string, domain: string): MailboxRule => ({ provider, domain, ignoreDots: false });
export const MAILBOX_RULES: Readonly<Record<string, MailboxRule>> = {
  'gmail.com': GMAIL,
  'googlemail.com': GMAIL,
  'outlook.com': plusOnly('Outlook.com', 'outlook.com'),
  'hotmail.com': plusOnly('Outlook.com', 'hotmail.com'),
  'live.com': plusOnly('Outlook.com', 'live.com'),
  'msn.com': plusOnly('Outlook.com', 'msn.com'),
  'icloud.com': ICLOUD,
  'me.com': ICLOUD,
  'mac.com': ICLOUD,
  'proton.me': plusOnly('Proton', 'proton.me'),
  'protonmail.com': plusOnly('Proton', 'protonmail.com'),
  'pm.me': plusOnly('Proton', 'pm.me'),
};

const normal = (email: string) => email.trim().toLowerCase();
const split = (email: string) => {
  const e = normal(email);
  const at = e.lastIndexOf('@');
  return { local: e.slice(0, at), host: e.slice(at + 1) };
};

/** The host an address is at, lowercased. */
export const hostOf = (email: string) => split(email).host;

/** The one spelling of an address's mailbox: two addresses with the same mailbox are one person. */
export function mailboxOf(email: string): string {
  const { local, host } = split(email);
  const rule = MAILBOX_RULES[host];
  if (!rule) return `${local}@${host}`;
  const base = local.split('+')[0]!;
  return `${rule.ignoreDots ? base.replaceAll('.', '') : base}@${rule.domain}`;
}

/**
 * The institution an address belongs to: its registrable domain by the Public Suffix List (cs.uni-a.edu and
 * uni-a.edu are uni-a.edu; iitd.ac.in and iitb.ac.in are two), the host itself when it has none (a bare
 * suffix, an IP address); null at a public mail provider. The list's ICANN section only: its private section
 * (hosting platforms such as github.io) would split one organisation's mail domains, and missing a conflict
 * costs more than flagging one too many.
 */
export function institutionOf(email: string): string | null {
  const host = hostOf(email);
  const institution = getDomain(host) ?? host;
  return PUBLIC_MAIL_DOMAINS.has(institution) || PUBLIC_MAIL_DOMAINS.has(host) ? null : institution;
}

export type PersonConflictReason = 'same-person' | 'same-domain';
export interface PersonConflict {
  reason: PersonConflictReason;
  with: 'author' | 'co-author';
  email: string;
  /** Why the two addresses match, for the chair: "cs.uni-a.edu and uni-a.edu are one institution (uni-a.edu)". */
  explanation: string;
}

function explainSamePerson(reviewer: string, other: string, role: 'author' | 'co-author'): string {
  if (reviewer === other) return `${other} is the ${role}'s address`;
  const a = MAILBOX_RULES[hostOf(reviewer)];
  const b = MAILBOX_RULES[hostOf(other)];
  if (!a || a !== b) return `${reviewer} and ${other} are the same address`;
  const rules = [a.ignoreDots ? 'dots and +tags are ignored' : '+tags are ignored'];
  if (hostOf(reviewer) !== hostOf(other)) {
    rules.push(a === GMAIL ? 'googlemail.com is gmail.com' : `${hostOf(reviewer)} and ${hostOf(other)} are one mailbox`);
  }
  return `${reviewer} and ${other} are the same ${a.provider} address (${rules.join('; ')})`;
}

function explainSameInstitution(reviewer: string, other: string, institution: string): string {
  const [mine, theirs] = [hostOf(reviewer), hostOf(other)];
  return mine === theirs ? `both addresses are at ${mine}` : `${mine} and ${theirs} are one institution (${institution})`;
}

/** Every conflict between a reviewer and a paper's authors; same-person first. Empty: no conflict. */
export function findPersonConflicts(reviewerEmail: string, authors: { author: string; coAuthors: readonly string[] }): PersonConflict[] {
  const mine = normal(reviewerEmail);
  const myMailbox = mailboxOf(mine);
  const myInstitution = institutionOf(mine);
  const people = [
    { with: 'author' as const, email: normal(authors.author) },
    ...authors.coAuthors.map((e) => ({ with: 'co-author' as const, email: normal(e) })),
  ];
  const same = people
    .filter((p) => mailboxOf(p.email) === myMailbox)
    .map((p) => ({ reason: 'same-person' as const, ...p, explanation: explainSamePerson(mine, p.email, p.with) }));
  const colleagues =
    myInstitution === null
      ? []
      : people
          .filter((p) => mailboxOf(p.email) !== myMailbox && institutionOf(p.email) === myInstitution)
          .map((p) => ({ reason: 'same-domain' as const, ...p, explanation: explainSameInstitution(mine, p.email, myInstitution) }));
  return [...same, ...colleagues];
}
