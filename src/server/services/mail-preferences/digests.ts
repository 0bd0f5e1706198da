import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { MAIL_CATEGORY_LABELS, preferencesFooter, type MailCategory } from '../../../core/mail-templates';
import type { Db } from '../../db/connect';
import { mailDigestItems } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { unsubscribeLinks } from '../../mail/unsubscribe';

const HOUR_MS = 60 * 60_000;
type Item = typeof mailDigestItems.$inferSelect;

/** How often the digest job looks for due addresses: often enough for a short test period, at most every ten minutes. */
export const digestJobEveryMs = (digestHours: number) => Math.max(1000, Math.min(10 * 60_000, (digestHours * HOUR_MS) / 4));

/**
 * The digest's {items}: each notification's subject and its text, separated, without its own footer (the mailer
 * added one per mail: the same links for every item of a kind); one footer at the end with the preferences page and,
 * per kind gathered, the page that stops it.
 */
export function digestItemsText(opts: { items: Item[]; email: string; publicUrl: string; secret: string }): string {
  const kinds = [...new Set(opts.items.map((i) => i.category as MailCategory))];
  const links = new Map(
    kinds.map((k) => [k, unsubscribeLinks({ publicUrl: opts.publicUrl, secret: opts.secret, email: opts.email, category: k })]),
  );
  const bodies = opts.items.map((item, n) => {
    const l = links.get(item.category as MailCategory)!;
    const footer = preferencesFooter(l.preferencesUrl, l.pageUrl);
    const body = item.body.endsWith(footer) ? item.body.slice(0, -footer.length) : item.body;
    return [`${n + 1}. ${item.subject}`, '', body.trimEnd()].join('\n');
  });
  const any = links.values().next().value!;
  const footer = [
    `Choose which mails you get, and how often: ${any.preferencesUrl}`,
    ...kinds.map((k) => `Stop \u2018${MAIL_CATEGORY_LABELS[k]}\u2019 mails: ${links.get(k)!.pageUrl}`),
  ];
  return [bodies.join('\n\n----------------------------------------\n\n'), '--', ...footer].join('\n');
}

/**
 * The daily digest job (decision 0039): every address whose oldest waiting notification is at least `digestHours` old
 * gets one mail gathering all its waiting notifications. Each address is claimed in its own transaction with a
 * transaction-scoped advisory lock (an instance finding it held skips the address), its waiting rows are read and locked, the digest is queued and the rows are marked with its id, all committed
 * together, so with several instances running the job at once each notification is gathered once. Returns digests queued.
 */
export async function sendDailyDigests(opts: {
  db: Db;
  mailer: Mailer;
  digestHours: number;
  publicUrl: string;
  secret: string;
  now?: Date;
}): Promise<number> {
  const { db } = opts;
  const due = new Date((opts.now ?? new Date()).getTime() - opts.digestHours * HOUR_MS);
  const addresses = await db
    .select({ email: mailDigestItems.email })
    .from(mailDigestItems)
    .where(isNull(mailDigestItems.digestMailId))
    .groupBy(mailDigestItems.email)
    .having(sql`min(${mailDigestItems.createdAt}) <= ${due.toISOString()}`);
  let sent = 0;
  for (const { email } of addresses) {
    const queued = await db.transaction(async (tx) => {
      // One claimer per address: row locks with SKIP LOCKED would let two instances split one address's rows
      // between them (each locking the rows the other had not reached yet) and send two digests.
      const { rows } = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`mail-digest:${email}`}, 0)) as held`,
      )) as unknown as { rows: Array<{ held: boolean }> };
      if (!rows[0]?.held) return false;
      // Read after the lock: an instance that gathered this address and let go has marked its rows.
      const items = await tx
        .select()
        .from(mailDigestItems)
        .where(and(sql`${mailDigestItems.email} = ${email}`, isNull(mailDigestItems.digestMailId)))
        .orderBy(asc(mailDigestItems.createdAt), asc(mailDigestItems.id))
        .for('update');
      // Gathered already by another instance, or what is left is not due yet.
      if (items.length === 0 || items[0]!.createdAt > due) return false;
      const { id } = await opts.mailer.send({
        tx,
        to: email,
        template: 'dailyDigest',
        values: { count: String(items.length), items: digestItemsText({ items, email, publicUrl: opts.publicUrl, secret: opts.secret }) },
      });
      await tx
        .update(mailDigestItems)
        .set({ digestMailId: id })
        .where(
          inArray(
            mailDigestItems.id,
            items.map((i) => i.id),
          ),
        );
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
