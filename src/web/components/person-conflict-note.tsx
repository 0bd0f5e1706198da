import { useEffect, useState } from 'react';
import type { PersonConflictJson } from '../../core/schemas/accounts';
import { getPersonConflicts } from '../api/accounts';

/** The paper's conflicts by person, keyed by reviewer id (loaded once per paper). */
export function usePersonConflicts(paperId: string): Record<string, PersonConflictJson[]> {
  const [byReviewer, setByReviewer] = useState<Record<string, PersonConflictJson[]>>({});
  useEffect(() => {
    let live = true;
    getPersonConflicts(paperId).then((res) => {
      if (!live) return;
      const map: Record<string, PersonConflictJson[]> = {};
      for (const c of res.conflicts) (map[c.reviewerId] ??= []).push(c);
      setByReviewer(map);
    }, (err: unknown) => console.error(err));
    return () => { live = false; };
  }, [paperId]);
  return byReviewer;
}

const TEXT: Record<PersonConflictJson['reason'], string> = {
  'same-person': 'Same person as',
  'same-domain': 'Same institution as',
};

/** A warning row in a reviewer card's list: this reviewer is (or works with) an author of the paper. */
export function PersonConflictNote({ conflicts }: { conflicts?: PersonConflictJson[] }) {
  if (!conflicts?.length) return null;
  return (
    <div className="rounded-md bg-red-50 px-2 py-1 text-red-800">
      <dt className="inline font-semibold">Conflict of interest: </dt>
      <dd className="inline">{conflicts.map((c) => `${TEXT[c.reason]} the ${c.with} (${c.email})`).join('; ')}</dd>
    </div>
  );
}
