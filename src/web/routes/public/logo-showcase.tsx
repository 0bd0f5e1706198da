import { listBlock, sponsorsHtml } from '../../../core/site-lists-html';
import { sponsorsSeed } from '../../content/home';

/**
 * The home page's publishers and partners: rows of four logos that animate in once when scrolled into view. The prerendered
 * HTML shows them (no script, no animation); logo-showcase.island.ts hides them only if still off screen. They are the
 * editor's sponsors (decision 0062), drawn by src/core/site-lists-html.ts at build and again by the server.
 */
export function LogoShowcase() {
  return (
    <div className="space-y-6" data-reveal="static" dangerouslySetInnerHTML={{ __html: listBlock('sponsors', sponsorsHtml(sponsorsSeed)) }} />
  );
}
