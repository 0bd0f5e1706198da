import { useState } from 'react';
import { saveAnonymisedCsv, saveAnonymisedJson } from '../../api/review-quality';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useFollowRedirect } from '../../lib/route-data';

type Format = 'csv' | 'json';

/** Issue 23.9 on the Exports page: every counted review with reviewers as stable pseudonyms, as CSV or JSON. */
export function AnonymisedExportLinks({ chair }: { chair: boolean }) {
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      await (format === 'csv' ? saveAnonymisedCsv() : saveAnonymisedJson());
    } catch (err) {
      if (!followRedirect(err)) setError(err instanceof Error ? err.message : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card aria-label="Anonymised reviews">
      <h2 className="font-semibold text-brand-900">Anonymised reviews</h2>
      <p className="mt-2 text-sm text-slate-700">
        Every counted review{chair ? ' of your tracks' : ''} with the paper’s track and decision, the scores, both comments and every answer
        to the review form, and per paper the meta-review and the author response. Reviewers appear as pseudonyms (such as R-3f9a1c2b4d5e),
        the same in every download; no names, e-mail addresses or account ids. For the records and for studies.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        <li><Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => void download('csv')}>{busy === 'csv' ? 'Preparing…' : 'Anonymised reviews (CSV)'}</Button></li>
        <li><Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => void download('json')}>{busy === 'json' ? 'Preparing…' : 'Anonymised reviews (JSON)'}</Button></li>
      </ul>
      {error ? <p role="alert" className="mt-2 text-sm text-red-800">{error}</p> : null}
    </Card>
  );
}
