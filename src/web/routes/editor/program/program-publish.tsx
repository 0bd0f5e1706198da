import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { EditorProgramJson } from '../../../../core/schemas/program';
import { formatLongDateTime, visitorZone } from '../../../lib/format';
import type { ActionResult } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';

const post = { method: 'post', encType: 'application/json' } as const;

/**
 * Draft and published (decision 0052): what visitors see now, whether the draft differs, the warnings, and Publish. With
 * warnings, Publish first asks for a confirmation that lists them; confirming publishes acknowledging them.
 */
export function ProgramPublish({ data }: { data: Pick<EditorProgramJson, 'published' | 'changedSincePublished' | 'warnings'> }) {
  const fetcher = useFetcher<ActionResult<{ message: string }>>();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The confirmation takes the focus when it opens, so a keyboard user lands on it.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const { published, changedSincePublished, warnings } = data;
  const state = !published
    ? 'Not published yet: visitors see no programme.'
    : `Published on ${formatLongDateTime(published.at, visitorZone())} (${published.sessions} session${published.sessions === 1 ? '' : 's'}) · ${changedSincePublished ? 'the draft has changes not yet published' : 'the draft is what visitors see'}`;
  const publish = (acknowledgeWarnings: boolean) => {
    setConfirming(false);
    fetcher.submit({ intent: 'publish', acknowledgeWarnings }, post);
  };

  return (
    <section aria-labelledby="publish-heading" className="space-y-4 rounded-lg border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="publish-heading" className="text-lg font-bold text-brand-900">
            Draft and published programme
          </h2>
          <p className="mt-1 text-slate-800" data-testid="program-state">
            {state}
          </p>
        </div>
        <Button
          className="min-h-11"
          disabled={fetcher.state !== 'idle'}
          onClick={() => (warnings.length ? setConfirming(true) : publish(false))}
        >
          Publish the programme
        </Button>
      </div>

      <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
        <h3 className="font-bold text-amber-950">Warnings ({warnings.length})</h3>
        {warnings.length === 0 ? (
          <p className="mt-1 text-amber-950">No warnings: no clashes, every accepted paper is placed.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-6 text-amber-950" data-testid="program-warnings">
            {warnings.map((w) => (
              <li key={`${w.kind}-${w.sessionIds.join('-')}-${w.paperId ?? ''}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
        )}
      </div>

      {confirming ? (
        <div
          role="alertdialog"
          aria-modal="false"
          aria-labelledby="confirm-publish-heading"
          aria-describedby="confirm-publish-list"
          className="rounded-md border-2 border-amber-500 bg-white p-4"
        >
          <h3 id="confirm-publish-heading" className="font-bold text-slate-900">
            Publish with {warnings.length} warning{warnings.length === 1 ? '' : 's'}?
          </h3>
          <ul id="confirm-publish-list" className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
            {warnings.map((w) => (
              <li key={`c-${w.kind}-${w.sessionIds.join('-')}-${w.paperId ?? ''}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">
            Visitors will see this version at once; presenters whose slot is new or changed get a mail.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" ref={confirmButton} className={buttonClass({ className: 'min-h-11' })} onClick={() => publish(true)}>
              Publish anyway
            </button>
            <Button variant="quiet" className="min-h-11 bg-white" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <Alert tone={result?.ok ? 'success' : 'error'}>{result ? (result.ok ? result.data.message : result.error) : null}</Alert>
    </section>
  );
}
