import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PanelJson, PanelMemberJson, PanelNominationJson, ScoreBody } from '../../../core/schemas/award';
import type { Mailer } from '../../mail/send';
import type { Db } from '../../db/connect';
import { awardNominations, awardPanelMembers, awardScores, users, type AwardNominationRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller, Denial } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { editionYear } from '../shared/edition-year';
import { nominationJson } from './nomination-json';

/** The conference editor (not a track chair's account) is on every year's panel and decides. */
export const decidesAwards = (caller: Caller) => caller.role === 'Editor' && !caller.chairOnly;

/**
 * Who may read and score a year's nominations: the editor, and the accounts the editor named to that year's panel
 * once their address is verified (the editor names an address; anyone can sign up with anyone's). null when allowed.
 */
export async function checkPanel({ db, caller, year }: { db: Db; caller: Caller; year?: number }): Promise<Denial | null> {
  if (decidesAwards(caller)) return null;
  year ??= await editionYear({ db });
  const [named] = await db
    .select({ u: awardPanelMembers.userId })
    .from(awardPanelMembers)
    .where(and(eq(awardPanelMembers.year, year), eq(awardPanelMembers.userId, caller.id)))
    .limit(1);
  if (!named) return { code: 'forbidden', message: 'Only the award panel and the editors may do this' };
  if (!caller.emailVerified) return { code: 'forbidden', message: 'Confirm your email address first: the panel is named by address.' };
  return null;
}

async function requirePanel(db: Db, caller: Caller, year?: number) {
  const denial = await checkPanel({ db, caller, year });
  if (denial) throw new AppError(denial.code, denial.message);
}

/** A nomination of the year by id; 404 for any other id. */
async function findNomination(db: Pick<Db, 'select' | 'execute'>, id: string, year?: number): Promise<AwardNominationRow> {
  year ??= await editionYear({ db });
  const [row] = await db
    .select()
    .from(awardNominations)
    .where(and(eq(awardNominations.id, id), eq(awardNominations.year, year)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Nomination not found');
  return row;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Nominations as the panel reads them: the nominator, every score with its comment, the average (one decimal), the caller's own. */
export async function panelNominations({
  db,
  nominations: rows,
  caller,
  now = new Date(),
}: {
  db: Db;
  nominations: AwardNominationRow[];
  caller: Caller;
  now?: Date;
}): Promise<PanelNominationJson[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const scores = await db
    .select({
      nominationId: awardScores.nominationId,
      panelistId: awardScores.panelistId,
      panelistName: users.name,
      score: awardScores.score,
      comment: awardScores.comment,
      updatedAt: awardScores.updatedAt,
    })
    .from(awardScores)
    .innerJoin(users, eq(users.id, awardScores.panelistId))
    .where(inArray(awardScores.nominationId, ids))
    .orderBy(asc(awardScores.updatedAt));
  const nominators = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.nominatedBy))]));
  const byId = new Map(nominators.map((n) => [n.id, n]));
  return rows.map((row) => {
    const mine = scores.filter((s) => s.nominationId === row.id);
    const own = mine.find((s) => s.panelistId === caller.id);
    // Integers summed, then one division: the average shown with one decimal.
    const average = mine.length ? Math.round((mine.reduce((sum, s) => sum + s.score, 0) * 10) / mine.length) / 10 : null;
    return {
      ...nominationJson(row),
      nominatedBy: byId.get(row.nominatedBy) ?? { id: row.nominatedBy, name: '', email: '' },
      scores: mine.map((s) => ({
        panelistId: s.panelistId,
        panelistName: s.panelistName,
        score: s.score,
        comment: s.comment,
        updatedAt: s.updatedAt.toISOString(),
      })),
      average,
      myScore: own ? { score: own.score, comment: own.comment } : null,
      waitingDays: Math.floor(((row.decidedAt ?? now).getTime() - row.createdAt.getTime()) / DAY_MS),
    };
  });
}

/** The year's nominations for the panel (oldest first: the longest waiting at the top). */
export async function listPanelNominations(opts: { db: Db; caller: Caller; now?: Date }): Promise<PanelJson> {
  await requirePanel(opts.db, opts.caller);
  const year = await editionYear({ db: opts.db });
  const rows = await opts.db
    .select()
    .from(awardNominations)
    .where(eq(awardNominations.year, year))
    .orderBy(asc(awardNominations.createdAt), asc(awardNominations.id));
  return {
    year,
    canDecide: decidesAwards(opts.caller),
    nominations: await panelNominations({ db: opts.db, nominations: rows, caller: opts.caller, now: opts.now }),
  };
}

/** A nomination's CV for the panel: its stored key and a download name. */
export async function findNominationCv(opts: { db: Db; caller: Caller; id: string }): Promise<{ storageKey: string; fileName: string }> {
  await requirePanel(opts.db, opts.caller);
  const row = await findNomination(opts.db, opts.id);
  const base =
    row.nomineeName
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 80) || 'nominee';
  return { storageKey: row.cvKey, fileName: `CV - ${base}.pdf` };
}

/** A panel member's score (1-10) and comment, replaced when given again; closed once the nomination is decided. */
export async function scoreNomination(opts: {
  db: Db;
  caller: Caller;
  ip: string;
  id: string;
  body: ScoreBody;
}): Promise<PanelNominationJson> {
  await requirePanel(opts.db, opts.caller);
  const row = await findNomination(opts.db, opts.id);
  if (row.status !== 'submitted') throw new AppError('conflict', 'This nomination has been decided: its scores are closed.');
  await opts.db.transaction(async (tx) => {
    await tx
      .insert(awardScores)
      .values({ nominationId: row.id, panelistId: opts.caller.id, score: opts.body.score, comment: opts.body.comment })
      .onConflictDoUpdate({
        target: [awardScores.nominationId, awardScores.panelistId],
        set: { score: opts.body.score, comment: opts.body.comment, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: opts.caller.role,
      action: 'award.score',
      ip: opts.ip,
      details: { nominationId: row.id, score: opts.body.score },
    });
  });
  const [json] = await panelNominations({ db: opts.db, nominations: [row], caller: opts.caller });
  return json!;
}

/** The people the editor named to the year's panel (editors are on it anyway). */
export async function listPanelMembers({ db, year }: { db: Db; year?: number }): Promise<{ year: number; members: PanelMemberJson[] }> {
  year ??= await editionYear({ db });
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role })
    .from(awardPanelMembers)
    .innerJoin(users, eq(users.id, awardPanelMembers.userId))
    .where(eq(awardPanelMembers.year, year))
    .orderBy(asc(awardPanelMembers.createdAt), asc(users.id));
  return { year, members: rows };
}

/** The editor names an address to the panel: every account of that address joins (each acts once its address is verified). */
export async function addPanelMember(opts: {
  db: Db;
  caller: Caller;
  ip: string;
  email: string;
  /** The new member is told, with the link to /award-panel (decision 0077). */
  notify?: { mailer: Mailer; publicUrl: string };
}) {
  const accounts = await opts.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = ${opts.email.toLowerCase()}`);
  if (!accounts.length) throw new AppError('not_found', 'No account has this address yet: ask them to sign up first.');
  const year = await editionYear({ db: opts.db });
  await opts.db.transaction(async (tx) => {
    const added = await tx
      .insert(awardPanelMembers)
      .values(accounts.map((a) => ({ year, userId: a.id })))
      .onConflictDoNothing()
      .returning({ userId: awardPanelMembers.userId });
    // Told once per address, and only when newly added.
    if (opts.notify && added.length)
      await opts.notify.mailer.send({
        tx,
        to: opts.email,
        template: 'awardPanelAdded',
        values: { name: accounts[0]!.name, year: String(year), panelUrl: `${opts.notify.publicUrl}/award-panel` },
      });
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: opts.caller.role,
      action: 'award.panel.add',
      ip: opts.ip,
      details: { year, accounts: accounts.length },
    });
  });
  return listPanelMembers({ db: opts.db });
}

export async function removePanelMember(opts: { db: Db; caller: Caller; ip: string; userId: string }) {
  const year = await editionYear({ db: opts.db });
  const removed = await opts.db.transaction(async (tx) => {
    const gone = await tx
      .delete(awardPanelMembers)
      .where(and(eq(awardPanelMembers.year, year), eq(awardPanelMembers.userId, opts.userId)))
      .returning();
    if (gone.length)
      await recordAudit(tx, {
        actorId: opts.caller.id,
        actorRole: opts.caller.role,
        action: 'award.panel.remove',
        ip: opts.ip,
        details: { year, userId: opts.userId },
      });
    return gone.length;
  });
  if (!removed) throw new AppError('not_found', 'This account is not on the panel');
  return listPanelMembers({ db: opts.db });
}
