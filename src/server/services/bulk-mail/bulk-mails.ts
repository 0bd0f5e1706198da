import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { newId } from '../../../core/ids';
import { fillTemplate, renderMail } from '../../../core/mail-templates';
import {
  BulkAudience,
  checkBulkMail,
  describeAudience,
  type BulkMailDetailJson,
  type BulkMailJson,
  type BulkMailPreviewJson,
  type BulkMailsJson,
  type BulkProgressJson,
  type SendBulkMailBody,
} from '../../../core/schemas/bulk-mail';
import type { Db } from '../../db/connect';
import { bulkMails, mailQueue, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { loadWordings } from '../../mail/wording';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { checkAudience, resolveAudience, type Recipient } from './resolve-audience';

const PREVIEW_MAILS = 3;
const LIST_LIMIT = 50;
const FAILURES_LIMIT = 200;

/** A mail as written for one recipient: the editor's subject and body with every placeholder filled ({conference}: the current title). */
function writeFor(
  r: Recipient,
  text: { subject: string; body: string },
  site: { publicUrl: string; conference: string },
): { subject: string; body: string } {
  const { publicUrl, conference } = site;
  const values = {
    name: r.name,
    email: r.email,
    conference,
    siteUrl: publicUrl,
    loginUrl: `${publicUrl}/login`,
    papers: r.papers.map((p) => `"${p.title}" (Paper ID: ${p.id})`).join('\n'),
  };
  // One pass: a value that holds "{name}" (a paper's title) stays as it is.
  return { subject: fillTemplate(text.subject, values).replace(/[\r\n]+/g, ' '), body: fillTemplate(text.body, values) };
}

function checkText(subject: string, body: string): void {
  const reason = checkBulkMail(subject, body);
  if (reason) throw new AppError('bad_request', reason);
}

/** How many the group is now and its first mails as the recipients will read them (the editor's wording of the bulk mail template included). */
export async function previewBulkMail(opts: {
  db: Db;
  caller: Caller;
  publicUrl: string;
  conference: string;
  audience: BulkAudience;
  subject: string;
  body: string;
}): Promise<BulkMailPreviewJson> {
  const { db, caller, audience } = opts;
  checkText(opts.subject, opts.body);
  await checkAudience({ db, caller, audience });
  const recipients = await resolveAudience({ db, caller, audience });
  const wording = (await loadWordings(db, ['bulkMail'])).get('bulkMail');
  return {
    count: recipients.length,
    mails: recipients.slice(0, PREVIEW_MAILS).map((r) => {
      const { subject, text } = renderMail(
        'bulkMail',
        { ...writeFor(r, opts, opts), conference: opts.conference, siteUrl: opts.publicUrl },
        wording,
      );
      return { to: r.email, subject, text };
    }),
  };
}

type BulkRow = typeof bulkMails.$inferSelect;

/** Where each bulk mail's mails are: the queue's states by bulk id, and those never queued (digest, off). */
async function progressOf(db: Db, rows: BulkRow[]): Promise<Map<string, BulkProgressJson>> {
  const out = new Map<string, BulkProgressJson>();
  for (const r of rows) out.set(r.id, { queued: 0, sending: 0, sent: 0, failed: 0, outbox: 0, held: r.recipients });
  if (rows.length === 0) return out;
  const counts = await db
    .select({ bulkId: mailQueue.bulkId, status: mailQueue.status, n: sql<number>`count(*)::int` })
    .from(mailQueue)
    .where(
      inArray(
        mailQueue.bulkId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(mailQueue.bulkId, mailQueue.status);
  for (const c of counts) {
    const p = out.get(c.bulkId!)!;
    p[c.status] += c.n;
    p.held -= c.n;
  }
  return out;
}

async function toJson(db: Db, rows: BulkRow[]): Promise<BulkMailJson[]> {
  if (rows.length === 0) return [];
  const [progress, names, trackNames] = await Promise.all([
    progressOf(db, rows),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.createdBy))])),
    db.select({ id: tracks.id, name: tracks.name }).from(tracks),
  ]);
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const trackOf = new Map(trackNames.map((t) => [t.id, t.name]));
  return rows.map((r) => {
    const audience = BulkAudience.parse(r.audience);
    const p = progress.get(r.id)!;
    return {
      _id: r.id,
      key: r.key,
      audience,
      audienceLabel: describeAudience(audience, 'trackId' in audience && audience.trackId ? trackOf.get(audience.trackId) : null),
      subject: r.subject,
      body: r.body,
      recipients: r.recipients,
      createdBy: r.createdBy,
      createdByName: nameOf.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
      progress: p,
      done: p.queued + p.sending === 0,
    };
  });
}

/**
 * The bulk mail already made with `key`, if any: the same one (a double click, a retried request) when it is the
 * caller's and says the same; 409 when the key was used for another mail.
 */
async function findReplay(db: Db, caller: Caller, input: SendBulkMailBody): Promise<BulkRow | null> {
  const [row] = await db.select().from(bulkMails).where(eq(bulkMails.key, input.key)).limit(1);
  if (!row) return null;
  const same =
    row.createdBy === caller.id &&
    row.subject === input.subject &&
    row.body === input.body &&
    JSON.stringify(BulkAudience.parse(row.audience)) === JSON.stringify(input.audience);
  if (!same) throw new AppError('conflict', 'This key was used for another mail: compose the mail again to send it');
  return row;
}

/**
 * Send a mail to a group (decision 0040). The group is resolved now, one mail per address. One transaction writes the
 * bulk mail, every recipient's mail (through the mailer: queued, held for a digest, or nothing when they turned
 * announcements off) and the audit row: all or nothing. The key makes a repeat harmless: a second request with it
 * answers the first bulk mail (`created: false`) and writes nothing, also when both arrive at once (the key is
 * UNIQUE, and the second insert waits for the first transaction, then does nothing).
 */
export async function sendBulkMail(opts: {
  db: Db;
  mailer: Mailer;
  caller: Caller;
  ip: string;
  publicUrl: string;
  input: SendBulkMailBody;
}): Promise<{ created: boolean; bulkMail: BulkMailJson }> {
  const { db, caller, input } = opts;
  checkText(input.subject, input.body);
  await checkAudience({ db, caller, audience: input.audience });
  const earlier = await findReplay(db, caller, input);
  if (earlier) return { created: false, bulkMail: (await toJson(db, [earlier]))[0]! };
  const recipients = await resolveAudience({ db, caller, audience: input.audience });
  if (recipients.length === 0) throw new AppError('conflict', 'Nobody is in this group now: no mail was sent');

  const id = newId();
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkMails)
      .values({
        id,
        key: input.key,
        createdBy: caller.id,
        audience: input.audience,
        subject: input.subject,
        body: input.body,
        recipients: recipients.length,
      })
      .onConflictDoNothing({ target: [bulkMails.editionId, bulkMails.key] })
      .returning({ id: bulkMails.id });
    if (!row) return false;
    await opts.mailer.sendMany(
      recipients.map((r) => ({
        to: r.email,
        template: 'bulkMail' as const,
        values: writeFor(r, input, { publicUrl: opts.publicUrl, conference: conferenceTitle(opts.mailer.conference()) }),
        bulkId: id,
      })),
      tx,
    );
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: 'Editor',
      action: 'mail.bulk',
      ip: opts.ip,
      details: { bulkId: id, recipients: recipients.length, audience: input.audience, subject: input.subject },
    });
    return true;
  });
  if (!inserted) {
    const replay = await findReplay(db, caller, input);
    return { created: false, bulkMail: (await toJson(db, [replay!]))[0]! };
  }
  const [row] = await db.select().from(bulkMails).where(eq(bulkMails.id, id));
  return { created: true, bulkMail: (await toJson(db, [row!]))[0]! };
}

/** The newest bulk mails with their progress: every one for the editor, a track chair's own for a chair. */
export async function listBulkMails(opts: { db: Db; caller: Caller }): Promise<BulkMailsJson> {
  const rows = await opts.db
    .select()
    .from(bulkMails)
    .where(opts.caller.chairOnly ? eq(bulkMails.createdBy, opts.caller.id) : undefined)
    .orderBy(desc(bulkMails.createdAt), desc(bulkMails.id))
    .limit(LIST_LIMIT);
  return { bulkMails: await toJson(opts.db, rows) };
}

/** One bulk mail with its progress and its failed mails (the reason and the mail server's answer); a chair sees only their own. */
export async function getBulkMail(opts: { db: Db; caller: Caller; bulkId: string }): Promise<BulkMailDetailJson> {
  const { db, caller } = opts;
  const [row] = await db
    .select()
    .from(bulkMails)
    .where(and(eq(bulkMails.id, opts.bulkId), caller.chairOnly ? eq(bulkMails.createdBy, caller.id) : undefined))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Bulk mail not found');
  const failures = await db
    .select({ to: mailQueue.to, error: mailQueue.lastError, smtpResponse: mailQueue.smtpResponse, attempts: mailQueue.attempts })
    .from(mailQueue)
    .where(and(eq(mailQueue.bulkId, row.id), eq(mailQueue.status, 'failed')))
    .orderBy(mailQueue.to)
    .limit(FAILURES_LIMIT);
  return { ...(await toJson(db, [row]))[0]!, failures };
}
