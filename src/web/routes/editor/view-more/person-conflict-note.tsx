import type { PersonConflictJson } from '../../../../core/schemas/accounts';

/** The paper's conflicts by person, keyed by reviewer id (the host route's loader reads them). */
export function conflictsByReviewer(conflicts: PersonConflictJson[]): Record<string, PersonConflictJson[]> {
  const map: Record<string, PersonConflictJson[]> = {};
  for (const c of conflicts) (map[c.reviewerId] ??= []).push(c);
  return map;
}

const TEXT: Record<PersonConflictJson['reason'], string> = {
  'same-person': 'Same person as',
  'same-domain': 'Same institution as',
};

/** A warning row in a reviewer card's list: this reviewer is (or works with) an author of the paper. */
export function PersonConflictNote({ conflicts }: { conflicts?: PersonConflictJson[] }) {
  if (!conflicts?.length) return null;
  // A row of the card's <dl>, not a message box: Alert's role would announce it on every load.
  return (
    <div className="rounded-md bg-red-50 px-2 py-1 text-red-800">
      <dt className="inline font-semibold">Conflict of interest: </dt>
      <dd className="inline">{conflicts.map((c) => `${TEXT[c.reason]} the ${c.with} (${c.email}): ${c.explanation}`).join('; ')}</dd>
    </div>
  );
}
