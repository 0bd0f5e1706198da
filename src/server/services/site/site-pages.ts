import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { newId } from '../../../core/ids';
import { lineFeeds, type SitePageEdit, type SitePageFields, type SitePageJson } from '../../../core/schemas/site-pages';
import { addressTaken, isReservedAddress } from '../../../core/site-pages';
import type { Db } from '../../db/connect';
import { sitePages, type SitePageRow } from '../../db/schema';
import { AppError, sqlState } from '../../errors';
import { recordAudit } from '../shared/audit';
import { renderMarkdown } from './render-markdown';
import type { ContentEditor } from './site-content';

/**
 * The organiser's own pages (decision 0064): a title and a Markdown body at a top-level address, published or not,
 * in the public bar or not. Each change and its audit row commit together.
 */

const toJson = (p: SitePageRow): SitePageJson => ({
  _id: p.id,
  address: p.address,
  title: p.title,
  body: p.body,
  inMenu: p.inMenu,
  menuOrder: p.menuOrder,
  published: p.published,
  updatedAt: p.updatedAt.toISOString(),
});
const pageOrder = [asc(sitePages.menuOrder), asc(sitePages.title), asc(sitePages.id)];
const audit = (editor: ContentEditor) => ({ actorId: editor.id, actorRole: 'Editor' as const, ip: editor.ip });
const withLineFeeds = <T extends { body?: string }>(f: T): T => (f.body === undefined ? f : { ...f, body: lineFeeds(f.body) });

/** Refuses an address the site answers itself or another page of this edition has. */
async function checkAddress(tx: Pick<Db, 'select'>, address: string, id: string | null): Promise<void> {
  if (isReservedAddress(address)) throw new AppError('conflict', addressTaken(address));
  const [other] = await tx
    .select({ id: sitePages.id })
    .from(sitePages)
    .where(id ? and(eq(sitePages.address, address), ne(sitePages.id, id)) : eq(sitePages.address, address));
  if (other) throw new AppError('conflict', addressTaken(address));
}
/** Two saves of one address at once: the unique index refuses the second with the same message. */
const takenOnRace = (address: string | undefined) => (err: unknown) => {
  if (address && sqlState(err) === '23505') throw new AppError('conflict', addressTaken(address));
  throw err;
};

/** Every page of the current edition, published or not, in menu order. */
export async function listSitePages(db: Db): Promise<SitePageJson[]> {
  const rows = await db
    .select()
    .from(sitePages)
    .orderBy(...pageOrder);
  return rows.map(toJson);
}

export async function addSitePage(opts: { db: Db; fields: z.infer<typeof SitePageFields>; editor: ContentEditor }): Promise<SitePageJson> {
  const fields = withLineFeeds(opts.fields);
  const { editor } = opts;
  const row = await opts.db
    .transaction(async (tx) => {
      await checkAddress(tx, fields.address, null);
      const [r] = await tx
        .insert(sitePages)
        .values({ id: newId(), ...fields, updatedBy: editor.id })
        .returning();
      await recordAudit(tx, {
        ...audit(editor),
        action: 'site-page.add',
        details: { id: r!.id, address: r!.address, published: r!.published, inMenu: r!.inMenu },
      });
      return r!;
    })
    .catch(takenOnRace(fields.address));
  return toJson(row);
}

export async function editSitePage(opts: {
  db: Db;
  id: string;
  fields: z.infer<typeof SitePageEdit>;
  editor: ContentEditor;
}): Promise<SitePageJson> {
  const fields = withLineFeeds(opts.fields);
  const { id, editor } = opts;
  const row = await opts.db
    .transaction(async (tx) => {
      const [old] = await tx.select().from(sitePages).where(eq(sitePages.id, id)).for('update');
      if (!old) throw new AppError('not_found', 'Page not found');
      if (fields.address !== undefined && fields.address !== old.address) await checkAddress(tx, fields.address, id);
      const [r] = await tx
        .update(sitePages)
        .set({ ...fields, updatedAt: new Date(), updatedBy: editor.id })
        .where(eq(sitePages.id, id))
        .returning();
      await recordAudit(tx, {
        ...audit(editor),
        action: 'site-page.edit',
        details: { id, address: r!.address, published: r!.published, inMenu: r!.inMenu, fields: Object.keys(opts.fields) },
      });
      return r!;
    })
    .catch(takenOnRace(fields.address));
  return toJson(row);
}

export async function removeSitePage(opts: { db: Db; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(sitePages).where(eq(sitePages.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Page not found');
    await recordAudit(tx, { ...audit(editor), action: 'site-page.remove', details: { id, address: r.address } });
  });
}

/** A Markdown body as the public page would show it, without saving anything. */
export const previewSitePage = (body: string): { html: string } => ({ html: renderMarkdown(lineFeeds(body)) });

/** A published page as the site serves it: its body rendered and sanitised. */
export interface PublishedPage {
  address: string;
  title: string;
  html: string;
  inMenu: boolean;
}

/** The current edition's published pages, in menu order, their Markdown as saved. */
export async function listPublishedPages(db: Db): Promise<(Omit<PublishedPage, 'html'> & { body: string })[]> {
  return db
    .select({ address: sitePages.address, title: sitePages.title, body: sitePages.body, inMenu: sitePages.inMenu })
    .from(sitePages)
    .where(eq(sitePages.published, true))
    .orderBy(...pageOrder);
}

/** A saved page as visitors see it. */
export const renderPublishedPage = (p: Omit<PublishedPage, 'html'> & { body: string }): PublishedPage => ({
  address: p.address,
  title: p.title,
  html: renderMarkdown(p.body),
  inMenu: p.inMenu,
});
