import { saveAnonymisedCsv, saveAnonymisedJson } from '../../../api/review-quality';
import { Card } from '../../../components/ui/card';
import { DownloadButtons } from './download-buttons';

const LABELS = { csv: 'Anonymised reviews (CSV)', json: 'Anonymised reviews (JSON)' };

/** Decision 0034 on the Exports page: every counted review with reviewers as stable pseudonyms, as CSV or JSON. */
export function AnonymisedExportLinks({ chair }: { chair: boolean }) {
  return (
    <Card aria-label="Anonymised reviews">
      <h2 className="font-semibold text-brand-900">Anonymised reviews</h2>
      <p className="mt-2 text-sm text-slate-700">
        Every counted review{chair ? ' of your tracks' : ''} with the paper’s track and decision, the scores, both comments and every answer
        to the review form, and per paper the meta-review and the author response. Reviewers appear as pseudonyms (such as R-3f9a1c2b4d5e),
        the same in every download; no names, e-mail addresses or account ids. For the records and for studies.
      </p>
      <DownloadButtons
        labels={LABELS}
        save={(format) => (format === 'csv' ? saveAnonymisedCsv() : saveAnonymisedJson())}
        failed="Export failed"
      />
    </Card>
  );
}
