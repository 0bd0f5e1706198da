/**
 * Conflicts of interest by person (issue 17): a reviewer whose e-mail is the author's or a co-author's is
 * the same person, whatever the domain; one who shares a non-public domain with any of them is from the
 * same institution. Pure, shared by the server and the editor's screens.
 */

/** Mail providers whose users share a domain without sharing an institution. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.in', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com',
  'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'mail.com', 'yandex.com',
  'qq.com', '163.com', '126.com', 'rediffmail.com', 'zoho.com',
]);

export type PersonConflictReason = 'same-person' | 'same-domain';
export interface PersonConflict { reason: PersonConflictReason; with: 'author' | 'co-author'; email: string }

const normal = (email: string) => email.trim().toLowerCase();
export const domainOf = (email: string) => normal(email).slice(normal(email).lastIndexOf('@') + 1);

/** Every conflict between a reviewer and a paper's authors; same-person first. Empty: no conflict. */
export function findPersonConflicts(reviewerEmail: string, authors: { author: string; coAuthors: readonly string[] }): PersonConflict[] {
  const mine = normal(reviewerEmail);
  const myDomain = domainOf(mine);
  const people = [{ with: 'author' as const, email: normal(authors.author) }, ...authors.coAuthors.map((e) => ({ with: 'co-author' as const, email: normal(e) }))];
  const same = people.filter((p) => p.email === mine).map((p) => ({ reason: 'same-person' as const, ...p }));
  const domain = PUBLIC_MAIL_DOMAINS.has(myDomain) ? [] : people.filter((p) => p.email !== mine && domainOf(p.email) === myDomain).map((p) => ({ reason: 'same-domain' as const, ...p }));
  return [...same, ...domain];
}
