/** The bids of docs/product.md#the-review-cycle and the score rule of decision 0012: 10 per shared tag, +20 eager, +10 willing. */
export const BIDS = ['eager', 'willing', 'not-willing', 'conflict'] as const;
export type Bid = (typeof BIDS)[number];

export const BID_BONUS: Readonly<Record<Bid, number>> = { eager: 20, willing: 10, 'not-willing': 0, conflict: 0 };
export const POINTS_PER_TAG = 10;

/** Limits accepted by the auto-assign request (the settings' limits: docs/product.md#settings). */
export const REVIEWERS_PER_PAPER = { min: 1, max: 20 } as const;
export const PAPERS_PER_REVIEWER = { min: 1, max: 500 } as const;

export function scorePair(sharedTags: number, bid: Bid | null): number {
  return POINTS_PER_TAG * sharedTags + (bid ? BID_BONUS[bid] : 0);
}

/** A pair can be auto-assigned only without a conflict, a not-willing or conflict bid, and with a positive score. */
export function isEligiblePair(input: { sharedTags: number; bid: Bid | null; conflicted: boolean; declinedOrAssigned: boolean }): boolean {
  if (input.conflicted || input.declinedOrAssigned) return false;
  if (input.bid === 'not-willing' || input.bid === 'conflict') return false;
  return scorePair(input.sharedTags, input.bid) > 0;
}
