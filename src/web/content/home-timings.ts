/**
 * SPEC §9 timings of the home page's slider and ticker. Apart from content/home.ts so that the slider's island
 * imports these numbers and not the page's texts (which name the conference's facts: content/conference.ts).
 */
export const SLIDER_DELAY_MS = 3500;
export const SLIDER_TRANSITION_MS = 500;
export const TICKER_CYCLE_S = 8;
