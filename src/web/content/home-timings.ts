/**
 * The home page's slider and ticker timings (docs/product.md#fees-and-fixed-figures). Apart from content/home.ts so that the slider's island
 * imports these numbers and not the page's texts (which name the conference's facts: content/conference.ts).
 */
export const SLIDER_DELAY_MS = 3500;
export const SLIDER_TRANSITION_MS = 500;
export const TICKER_CYCLE_S = 8;
