import type { SiteListsJson } from '../../../core/schemas/site-lists';
import { PolledStore } from './polled-store';
import { listSiteLists } from './site-lists';

/**
 * The site's lists as this process knows them (decision 0062), the way ConferenceFactsStore keeps the facts. The site
 * re-renders the pages that show them on each change (src/server/web.ts).
 */
export class SiteListsStore extends PolledStore<SiteListsJson, SiteListsJson> {
  constructor() {
    super(listSiteLists, (lists) => lists);
  }
}
