import { z } from '../zod';
import { noBidiControls, plainLine } from './text';

/**
 * The organiser's own pages (decision 0064): a title and a Markdown body at a top-level address such as /venue,
 * shown once published and listed in the public bar when in the menu.
 */

export const PAGE_TITLE_MAX = 120;
export const PAGE_BODY_MAX = 50_000;
export const PAGE_ADDRESS_MAX = 60;
/** Lower-case words of letters and digits joined by single hyphens: "venue", "travel-and-visa". */
export const PAGE_ADDRESS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A textarea's CR LF and CR as the line feeds they stand for. */
export const lineFeeds = (s: string): string => s.replace(/\r\n?/g, '\n');

const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(PAGE_TITLE_MAX, `Title is too long (at most ${PAGE_TITLE_MAX} characters)`)
  .refine(...noBidiControls('Title'))
  .refine(...plainLine('Title'));
const address = z
  .string({ message: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(PAGE_ADDRESS_MAX, `Address is too long (at most ${PAGE_ADDRESS_MAX} characters)`)
  .regex(PAGE_ADDRESS, 'Address must be lower-case letters, digits and single hyphens, such as "venue" or "travel-and-visa"')
  .describe('The page is at /<address>');
/** Markdown from a textarea: its CR LF line breaks count as one character, as the service stores them. */
const body = z
  .string({ message: 'Text must be text' })
  .max(PAGE_BODY_MAX * 2, `Text is too long (at most ${PAGE_BODY_MAX.toLocaleString('en-US')} characters)`)
  .refine((s) => lineFeeds(s).length <= PAGE_BODY_MAX, `Text is too long (at most ${PAGE_BODY_MAX.toLocaleString('en-US')} characters)`)
  .refine(...noBidiControls('Text'))
  .describe('Markdown: headings, paragraphs, lists, links, emphasis, code, quotes, tables and pictures; raw HTML is not shown');
const menuOrder = z.coerce
  .number({ message: 'Menu order must be a number' })
  .int('Menu order must be a whole number')
  .min(0, 'Menu order must be between 0 and 999')
  .max(999, 'Menu order must be between 0 and 999');

const pageShape = {
  address,
  title,
  body,
  inMenu: z.boolean({ message: 'In the menu must be true or false' }).describe('Listed in the public bar (when published)'),
  menuOrder: menuOrder.describe('Place in the menu: lower first'),
  published: z.boolean({ message: 'Published must be true or false' }).describe('Shown to visitors at its address'),
};

export const SitePageFields = z.object({
  ...pageShape,
  body: pageShape.body.default(''),
  inMenu: pageShape.inMenu.default(false),
  menuOrder: pageShape.menuOrder.default(0),
  published: pageShape.published.default(false),
});
/** An edit: only the fields sent change. */
export const SitePageEdit = z.object(pageShape).partial();
export const PreviewBody = z.object({ body });

export const SitePageJson = z.object({
  _id: z.string(),
  address: z.string(),
  title: z.string(),
  body: z.string().describe('The Markdown as typed'),
  inMenu: z.boolean(),
  menuOrder: z.number(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type SitePageJson = z.infer<typeof SitePageJson>;
export const SitePageSavedJson = z.object({ message: z.string(), page: SitePageJson });
export const PreviewJson = z.object({ html: z.string().describe('The body as visitors would see it, sanitised') });

/** A published page in the public bar, as the server draws it (src/core/site-menu-html.ts). */
export interface SiteMenuItem {
  address: string;
  title: string;
}
