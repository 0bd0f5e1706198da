import { sql } from 'drizzle-orm';
import { LOGO_TEXT } from '../../../core/api/conference';
import { conferenceTitle, zoneLabel, type ConferenceFacts, type Deadlines } from '../../../core/conference-facts';
import { shownImportantDates, storedConferenceFacts } from '../../../core/important-dates';
import type { EditorConferenceJson, PublicConferenceJson, UpdateConferenceBody } from '../../../core/schemas/conference';
import { SETTINGS_DEFAULTS } from '../../../core/schemas/settings';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { recordAudit, type Actor } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { imageType } from '../shared/organiser';
import { getSettingsRow } from '../shared/settings';

/**
 * The editor's writes of the conference's facts and logo (decision 0051): each in one transaction with its audit row,
 * each moving settings.conference_updated_at, the version every instance's ConferenceFactsStore watches
 * (decision 0051). The caller refreshes its own store after the commit.
 */

type SettingsRow = Omit<typeof settings.$inferSelect, 'editionId'>;

/**
 * The stored facts over the defaults (a fact added later reads its default until the editor saves), the important dates
 * in today's shape (decision 0065).
 */
const factsOf = (row: Pick<SettingsRow, 'conference'> | undefined): ConferenceFacts => storedConferenceFacts(row?.conference);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toEditorJson(row: Omit<SettingsRow, 'proceedingsPublishedAt'> | undefined): EditorConferenceJson {
  return {
    facts: factsOf(row),
    deadlines: {
      submission: iso(row?.submissionDeadline),
      bidding: iso(row?.biddingDeadline),
      review: iso(row?.reviewDeadline),
      discussion: iso(row?.discussionDeadline),
      cameraReady: iso(row?.cameraReadyDeadline),
    },
    organiserName: row?.organiserName ?? SETTINGS_DEFAULTS.organiserName,
    organiserTitle: row?.organiserTitle ?? SETTINGS_DEFAULTS.organiserTitle,
    hasSignature: Boolean(row?.signatureKey),
    hasLogo: Boolean(row?.logoKey),
    updatedAt: row?.conferenceUpdatedAt ? row.conferenceUpdatedAt.toISOString() : null,
  };
}

/** The facts this instance serves, as GET /api/conference answers them. */
export async function publicConference(opts: { db: Db; facts: ConferenceFacts; deadlines: Deadlines }): Promise<PublicConferenceJson> {
  const [row] = await opts.db
    .select({ logoKey: settings.logoKey })
    .from(settings)
    .where(sql`${settings.id} = 1`)
    .limit(1);
  return {
    ...opts.facts,
    title: conferenceTitle(opts.facts),
    zoneLabel: zoneLabel(opts.facts),
    hasLogo: Boolean(row?.logoKey),
    shownImportantDates: shownImportantDates(opts.facts, opts.deadlines),
  };
}

export async function getEditorConference(db: Db): Promise<EditorConferenceJson> {
  return toEditorJson(await getSettingsRow({ db }));
}

/**
 * A new version, later than the last one even if two saves land in the same millisecond or the database's clock
 * stepped back: the stores compare versions as text, so two saves must never share one.
 */
const nextVersion = sql`greatest(now(), coalesce(${settings.conferenceUpdatedAt}, now()) + interval '1 millisecond')`;

/**
 * Replace the facts (the whole, already validated set) and, when sent, who signs documents. The settings row may not
 * exist yet. Nothing is written when anything fails: one statement and the audit row, in one transaction.
 */
export async function saveConferenceFacts(opts: {
  db: Db;
  facts: ConferenceFacts;
  organiser?: { name?: string; title?: string };
  editor: Actor;
}): Promise<EditorConferenceJson> {
  const facts: ConferenceFacts = {
    edition: opts.facts.edition,
    name: opts.facts.name,
    shortName: opts.facts.shortName,
    startDate: opts.facts.startDate,
    endDate: opts.facts.endDate,
    datesText: opts.facts.datesText,
    submissionsDatesText: opts.facts.submissionsDatesText,
    timeZone: opts.facts.timeZone,
    venue: { ...opts.facts.venue },
    contactEmail: opts.facts.contactEmail,
    contactPhone: opts.facts.contactPhone,
    // The body's schema has made each one a deadline followed or a day of its own (decision 0065).
    importantDates: opts.facts.importantDates.map((d) =>
      'deadline' in d
        ? { label: d.label, deadline: d.deadline }
        : 'date' in d
          ? { label: d.label, date: d.date }
          : { label: d.label, text: d.text },
    ),
  };
  const organiser = {
    ...(opts.organiser?.name !== undefined ? { organiserName: opts.organiser.name } : {}),
    ...(opts.organiser?.title !== undefined ? { organiserTitle: opts.organiser.title } : {}),
  };
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(settings)
      .values({ id: 1, conference: facts, conferenceUpdatedAt: sql`now()`, ...organiser })
      .onConflictDoUpdate({
        target: [settings.editionId, settings.id],
        set: { conference: facts, conferenceUpdatedAt: nextVersion, updatedAt: new Date(), ...organiser },
      })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'conference.update',
      ip: opts.editor.ip,
      details: { facts, ...organiser },
    });
    return toEditorJson(row);
  });
}

/**
 * Discard a stored file unless it is the logo (discardFileIfUnused does not know settings.logo_key: an upload of the
 * logo's own bytes has the logo's key, and must not take the logo with it when it is refused).
 */
export async function discardUnlessLogo({ db, store, key }: { db: Db; store: FileStore; key: string }): Promise<void> {
  const [row] = await db
    .select({ logoKey: settings.logoKey })
    .from(settings)
    .where(sql`${settings.id} = 1`)
    .limit(1);
  if (row?.logoKey === key) return;
  await discardFileIfUnused({ db, store, key });
}

/** PNG or JPEG by the first bytes (what a PDF can embed), or the message saying it is not one. */
export const logoProblem = (head: Buffer): string | null => (imageType(head) ? null : LOGO_TEXT.wrongType);

/** The stored file becomes the logo; the one it replaces is discarded unless something else holds it. */
export async function saveConferenceLogo(opts: { db: Db; store: FileStore; key: string; editor: Actor }): Promise<void> {
  const previous = await opts.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ key: settings.logoKey })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .for('update')
      .limit(1);
    await tx
      .insert(settings)
      .values({ id: 1, logoKey: opts.key, conferenceUpdatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [settings.editionId, settings.id],
        set: { logoKey: opts.key, conferenceUpdatedAt: nextVersion, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'conference.logo',
      ip: opts.editor.ip,
      details: { key: opts.key },
    });
    return before?.key ?? null;
  });
  if (previous && previous !== opts.key) await discardFileIfUnused({ db: opts.db, store: opts.store, key: previous });
}

/** No uploaded logo any more (documents draw the IMSE logo); a no-op, unaudited, when there was none. */
export async function removeConferenceLogo(opts: { db: Db; store: FileStore; editor: Actor }): Promise<void> {
  const previous = await opts.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ key: settings.logoKey })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .for('update')
      .limit(1);
    if (!before?.key) return null;
    await tx
      .update(settings)
      .set({ logoKey: null, conferenceUpdatedAt: nextVersion, updatedAt: new Date() })
      .where(sql`${settings.id} = 1`);
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'conference.logo-remove',
      ip: opts.editor.ip,
      details: { key: before.key },
    });
    return before.key;
  });
  if (previous) await discardFileIfUnused({ db: opts.db, store: opts.store, key: previous });
}

/** The logo's key and type, or 404 when none is uploaded (or its file is not a PNG/JPEG any more). */
export async function findConferenceLogo({ db, store }: { db: Db; store: FileStore }): Promise<{ key: string; type: 'png' | 'jpeg' }> {
  const key = (await getSettingsRow({ db }))?.logoKey;
  const type = key && (await store.exists(key)) ? imageType(await store.head(key, 16)) : null;
  if (!key || !type) throw new AppError('not_found', LOGO_TEXT.none);
  return { key, type };
}

/** The body's facts and organiser, apart. */
export function splitConferenceBody(body: UpdateConferenceBody): { facts: ConferenceFacts; organiser: { name?: string; title?: string } } {
  const { organiserName, organiserTitle, ...facts } = body;
  return { facts, organiser: { name: organiserName, title: organiserTitle } };
}
