import { PRERENDERING } from './prerendering';

/**
 * The page's `<script type="application/json" id="conference-facts">`: the conference's current facts, which the
 * server writes in place of the token (src/server/page-facts.ts, decision 0050); content/conference.ts reads
 * them in the browser. Kept apart, with no imports, so the login area's root does not load the public pages' chunk.
 */
export const FACTS_SCRIPT_ID = 'conference-facts';
/** Must equal core/fact-template.ts's FACTS_JSON_TOKEN (its test checks). */
export const FACTS_JSON_TOKEN = '\u27E6@facts\u27E7';

/** A token while prerendering; in the browser the text the page arrived with (the shell hydrates unchanged). */
export const factsScriptText = (): string =>
  PRERENDERING
    ? FACTS_JSON_TOKEN
    : ((typeof document === 'undefined' ? null : document.getElementById(FACTS_SCRIPT_ID)?.textContent) ?? '');
