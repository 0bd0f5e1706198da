/** Reviewer suggestion rule of docs/product.md#validation-and-messages. */
export interface TaggedReviewer {
  tags: readonly string[];
}

export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase();
}

/** The tags of `reviewerTags` that the paper shares, compared after trimming and lowercasing. */
export function sharedTags(paperTags: readonly string[], reviewerTags: readonly string[]): string[] {
  const wanted = new Set(paperTags.map(normalizeTag));
  const seen = new Set<string>();
  const shared: string[] = [];
  for (const tag of reviewerTags) {
    const key = normalizeTag(tag);
    if (wanted.has(key) && !seen.has(key)) {
      seen.add(key);
      shared.push(tag);
    }
  }
  return shared;
}

/**
 * Only the reviewers with the highest number of tags shared with the paper, and at least one,
 * are suggested; ties are all kept. Order of the input is kept.
 */
export function suggestReviewers<R extends TaggedReviewer>(
  paperTags: readonly string[],
  reviewers: readonly R[],
): Array<R & { matchedTags: string[] }> {
  let best = 0;
  const scored = reviewers.map((reviewer) => {
    const matchedTags = sharedTags(paperTags, reviewer.tags);
    if (matchedTags.length > best) best = matchedTags.length;
    return { ...reviewer, matchedTags };
  });
  if (best === 0) return [];
  return scored.filter((r) => r.matchedTags.length === best);
}
