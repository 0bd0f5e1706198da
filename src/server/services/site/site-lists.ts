import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newId } from '../../../core/ids';
import type {
  CommitteeMemberEdit,
  CommitteeMemberFields,
  CommitteeMemberJson,
  PreviousEventEdit,
  PreviousEventFields,
  PreviousEventJson,
  SiteListsJson,
  SponsorEdit,
  SponsorFields,
  SponsorJson,
} from '../../../core/schemas/site-lists';
import type { MoveBody } from '../../../core/schemas/content';
import type { Db } from '../../db/connect';
import {
  committeeMembers,
  previousEvents,
  sponsors,
  type CommitteeMemberRow,
  type PreviousEventRow,
  type SponsorRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { photoUrl } from '../shared/user-json';
import { swapped, type ContentEditor } from './site-content';

/**
 * The public site's lists the editor keeps on /editor/site (decision 0062): committee members, sponsors and previous
 * events. Each change and its audit row commit together; a replaced or removed picture is discarded after the commit.
 */

type Direction = z.infer<typeof MoveBody>['direction'];

const toMemberJson = (m: CommitteeMemberRow): CommitteeMemberJson => ({
  _id: m.id,
  section: m.section,
  name: m.name,
  role: m.role,
  affiliation: m.affiliation,
  country: m.country,
  photo: photoUrl(m.photoKey),
});
const toSponsorJson = (s: SponsorRow): SponsorJson => ({
  _id: s.id,
  name: s.name,
  role: s.role,
  link: s.link,
  logo: photoUrl(s.logoKey) ?? s.logoSrc,
});
const toEventJson = (e: PreviousEventRow): PreviousEventJson => ({ _id: e.id, label: e.label, year: e.year, place: e.place, link: e.link });

const memberOrder = [asc(committeeMembers.sortOrder), asc(committeeMembers.createdAt), asc(committeeMembers.id)];
const sponsorOrder = [asc(sponsors.sortOrder), asc(sponsors.createdAt), asc(sponsors.id)];
const eventOrder = [asc(previousEvents.sortOrder), asc(previousEvents.createdAt), asc(previousEvents.id)];

const audit = (editor: ContentEditor) => ({ actorId: editor.id, actorRole: 'Editor' as const, ip: editor.ip });

/** The three lists of the current edition, each in its order. */
export async function listSiteLists(db: Db): Promise<SiteListsJson> {
  const [committee, sponsorRows, events] = await Promise.all([
    db
      .select()
      .from(committeeMembers)
      .orderBy(...memberOrder),
    db
      .select()
      .from(sponsors)
      .orderBy(...sponsorOrder),
    db
      .select()
      .from(previousEvents)
      .orderBy(...eventOrder),
  ]);
  return { committee: committee.map(toMemberJson), sponsors: sponsorRows.map(toSponsorJson), previousEvents: events.map(toEventJson) };
}

// Committee members

export async function addCommitteeMember(opts: {
  db: Db;
  fields: z.infer<typeof CommitteeMemberFields>;
  photoKey: string | null;
  editor: ContentEditor;
}): Promise<CommitteeMemberJson> {
  const { fields, photoKey, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const sortOrder = sql<number>`(select coalesce(max(${committeeMembers.sortOrder}), 0) + 1 from ${committeeMembers})`;
    const [r] = await tx
      .insert(committeeMembers)
      .values({ id: newId(), ...fields, photoKey, sortOrder })
      .returning();
    await recordAudit(tx, { ...audit(editor), action: 'committee.add', details: { id: r!.id, name: r!.name } });
    return r!;
  });
  return toMemberJson(row);
}

export async function editCommitteeMember(opts: {
  db: Db;
  files: FileStore;
  id: string;
  fields: z.infer<typeof CommitteeMemberEdit>;
  photoKey: string | null;
  editor: ContentEditor;
}): Promise<CommitteeMemberJson> {
  const { id, fields, photoKey, editor } = opts;
  const { row, oldPhoto } = await opts.db.transaction(async (tx) => {
    const [old] = await tx.select().from(committeeMembers).where(eq(committeeMembers.id, id)).for('update');
    if (!old) throw new AppError('not_found', 'Committee member not found');
    const changes = { ...fields, ...(photoKey ? { photoKey } : {}) };
    const [r] = Object.keys(changes).length
      ? await tx.update(committeeMembers).set(changes).where(eq(committeeMembers.id, id)).returning()
      : [old];
    await recordAudit(tx, {
      ...audit(editor),
      action: 'committee.edit',
      details: { id, name: r!.name, fields: Object.keys(fields), photo: !!photoKey },
    });
    return { row: r!, oldPhoto: photoKey && old.photoKey !== photoKey ? old.photoKey : null };
  });
  if (oldPhoto) await discardFileIfUnused({ db: opts.db, store: opts.files, key: oldPhoto });
  return toMemberJson(row);
}

export async function moveCommitteeMember(opts: { db: Db; id: string; direction: Direction; editor: ContentEditor }): Promise<void> {
  const { id, direction, editor } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${committeeMembers} for update`);
    const rows = await tx
      .select({ id: committeeMembers.id, name: committeeMembers.name })
      .from(committeeMembers)
      .orderBy(...memberOrder);
    const order = swapped(rows, id, direction, 'Committee member not found');
    for (const [i, r] of order.entries())
      await tx
        .update(committeeMembers)
        .set({ sortOrder: i + 1 })
        .where(eq(committeeMembers.id, r.id));
    await recordAudit(tx, {
      ...audit(editor),
      action: 'committee.move',
      details: { id, name: rows.find((r) => r.id === id)!.name, direction },
    });
  });
}

export async function removeCommitteeMember(opts: { db: Db; files: FileStore; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(committeeMembers).where(eq(committeeMembers.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Committee member not found');
    await recordAudit(tx, { ...audit(editor), action: 'committee.remove', details: { id, name: r.name } });
    return r;
  });
  if (row.photoKey) await discardFileIfUnused({ db: opts.db, store: opts.files, key: row.photoKey });
}

// Sponsors

export async function addSponsor(opts: {
  db: Db;
  fields: z.infer<typeof SponsorFields>;
  logoKey: string | null;
  editor: ContentEditor;
}): Promise<SponsorJson> {
  const { fields, logoKey, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const sortOrder = sql<number>`(select coalesce(max(${sponsors.sortOrder}), 0) + 1 from ${sponsors})`;
    const [r] = await tx
      .insert(sponsors)
      .values({ id: newId(), ...fields, logoKey, sortOrder })
      .returning();
    await recordAudit(tx, { ...audit(editor), action: 'sponsor.add', details: { id: r!.id, name: r!.name } });
    return r!;
  });
  return toSponsorJson(row);
}

export async function editSponsor(opts: {
  db: Db;
  files: FileStore;
  id: string;
  fields: z.infer<typeof SponsorEdit>;
  logoKey: string | null;
  editor: ContentEditor;
}): Promise<SponsorJson> {
  const { id, fields, logoKey, editor } = opts;
  const { row, oldLogo } = await opts.db.transaction(async (tx) => {
    const [old] = await tx.select().from(sponsors).where(eq(sponsors.id, id)).for('update');
    if (!old) throw new AppError('not_found', 'Sponsor not found');
    // A new logo replaces the site's own picture too.
    const changes = { ...fields, ...(logoKey ? { logoKey, logoSrc: null } : {}) };
    const [r] = Object.keys(changes).length ? await tx.update(sponsors).set(changes).where(eq(sponsors.id, id)).returning() : [old];
    await recordAudit(tx, {
      ...audit(editor),
      action: 'sponsor.edit',
      details: { id, name: r!.name, fields: Object.keys(fields), photo: !!logoKey },
    });
    return { row: r!, oldLogo: logoKey && old.logoKey !== logoKey ? old.logoKey : null };
  });
  if (oldLogo) await discardFileIfUnused({ db: opts.db, store: opts.files, key: oldLogo });
  return toSponsorJson(row);
}

export async function moveSponsor(opts: { db: Db; id: string; direction: Direction; editor: ContentEditor }): Promise<void> {
  const { id, direction, editor } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${sponsors} for update`);
    const rows = await tx
      .select({ id: sponsors.id, name: sponsors.name })
      .from(sponsors)
      .orderBy(...sponsorOrder);
    const order = swapped(rows, id, direction, 'Sponsor not found');
    for (const [i, r] of order.entries())
      await tx
        .update(sponsors)
        .set({ sortOrder: i + 1 })
        .where(eq(sponsors.id, r.id));
    await recordAudit(tx, {
      ...audit(editor),
      action: 'sponsor.move',
      details: { id, name: rows.find((r) => r.id === id)!.name, direction },
    });
  });
}

export async function removeSponsor(opts: { db: Db; files: FileStore; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(sponsors).where(eq(sponsors.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Sponsor not found');
    await recordAudit(tx, { ...audit(editor), action: 'sponsor.remove', details: { id, name: r.name } });
    return r;
  });
  if (row.logoKey) await discardFileIfUnused({ db: opts.db, store: opts.files, key: row.logoKey });
}

// Previous events

export async function addPreviousEvent(opts: {
  db: Db;
  fields: z.infer<typeof PreviousEventFields>;
  editor: ContentEditor;
}): Promise<PreviousEventJson> {
  const { fields, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const sortOrder = sql<number>`(select coalesce(max(${previousEvents.sortOrder}), 0) + 1 from ${previousEvents})`;
    const [r] = await tx
      .insert(previousEvents)
      .values({ id: newId(), ...fields, sortOrder })
      .returning();
    await recordAudit(tx, { ...audit(editor), action: 'previous-event.add', details: { id: r!.id, name: r!.label } });
    return r!;
  });
  return toEventJson(row);
}

export async function editPreviousEvent(opts: {
  db: Db;
  id: string;
  fields: z.infer<typeof PreviousEventEdit>;
  editor: ContentEditor;
}): Promise<PreviousEventJson> {
  const { id, fields, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const [r] = Object.keys(fields).length
      ? await tx.update(previousEvents).set(fields).where(eq(previousEvents.id, id)).returning()
      : await tx.select().from(previousEvents).where(eq(previousEvents.id, id));
    if (!r) throw new AppError('not_found', 'Previous event not found');
    await recordAudit(tx, { ...audit(editor), action: 'previous-event.edit', details: { id, name: r.label, fields: Object.keys(fields) } });
    return r;
  });
  return toEventJson(row);
}

export async function movePreviousEvent(opts: { db: Db; id: string; direction: Direction; editor: ContentEditor }): Promise<void> {
  const { id, direction, editor } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${previousEvents} for update`);
    const rows = await tx
      .select({ id: previousEvents.id, name: previousEvents.label })
      .from(previousEvents)
      .orderBy(...eventOrder);
    const order = swapped(rows, id, direction, 'Previous event not found');
    for (const [i, r] of order.entries())
      await tx
        .update(previousEvents)
        .set({ sortOrder: i + 1 })
        .where(eq(previousEvents.id, r.id));
    await recordAudit(tx, {
      ...audit(editor),
      action: 'previous-event.move',
      details: { id, name: rows.find((r) => r.id === id)!.name, direction },
    });
  });
}

export async function removePreviousEvent(opts: { db: Db; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(previousEvents).where(eq(previousEvents.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Previous event not found');
    await recordAudit(tx, { ...audit(editor), action: 'previous-event.remove', details: { id, name: r.label } });
  });
}
