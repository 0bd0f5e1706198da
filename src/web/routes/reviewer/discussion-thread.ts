import { requireRole } from '../../lib/session';
import { readDiscussion } from './discussion-panel';
import type { Route } from './+types/discussion-thread';

/**
 * The discussion panel's poll: a route with no screen, under each host page's address (the reviewer's and the
 * chair's paper page), whose loader reads the thread alone, so looking for new posts every 30 seconds costs one
 * API call instead of the host page's whole loader (decision 0018). The panel loads it with a
 * fetcher. The read is `loadPart`'s: a thrown error would replace the host page with its ErrorBoundary, so a
 * failed poll shows its message in the panel beside the thread already read, as the page's own read does.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireRole('Reviewer', 'Editor');
  return readDiscussion(params.paperId);
}
