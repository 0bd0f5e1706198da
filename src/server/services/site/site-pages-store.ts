import { PolledStore } from './polled-store';
import { listPublishedPages, renderPublishedPage, type PublishedPage } from './site-pages';

/**
 * The published pages as this process knows them (decision 0064), kept as the site's lists are (decision 0062); the
 * Markdown is rendered only when a page changed. The site serves the pages and draws the menu from them
 * (src/server/web.ts).
 */
export class SitePagesStore extends PolledStore<Awaited<ReturnType<typeof listPublishedPages>>, PublishedPage[]> {
  constructor() {
    super(listPublishedPages, (saved) => saved.map(renderPublishedPage));
  }
}
