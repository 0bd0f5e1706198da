import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { BodyOf } from '../../../../core/api/endpoint';
import type { MAIL_TEMPLATES_API } from '../../../../core/api/mail-templates';
import type { TemplateName } from '../../../../core/mail-templates';
import type { MailPreviewJson, MailTemplatesJson } from '../../../../core/schemas/mail-templates';
import { previewMailTemplate } from '../../../api/mail-templates';
import { actOr, type ActionResult } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';

const SOURCE_WORDS: Record<MailPreviewJson['values'][number]['source'], string> = {
  paper: 'from the paper',
  person: 'from the person',
  conference: 'from the conference',
  example: 'example',
};

/** What the preview posts to its host route's clientAction (nothing is saved: the host does not read the page again). */
export type PreviewIntent = { intent: 'preview'; name: string } & BodyOf<typeof MAIL_TEMPLATES_API.previewMailTemplate>;

/** For the host route's clientAction: the draft filled in as it would be sent. */
export function previewAction({ intent, name, ...body }: PreviewIntent): Promise<ActionResult<MailPreviewJson>> {
  return actOr(previewMailTemplate(name, body), 'Could not show the preview. Please try again.', intent);
}

/**
 * The draft as it would be sent (decision 0038): filled by the server from the paper and person chosen, or example
 * values, shown as the plain text and as the HTML copy. The HTML is shown in a sandboxed frame with no rights
 * (no script, no same origin, no forms), though the server has already escaped everything in it.
 */
export function MailPreview({
  name,
  subject,
  body,
  problem,
  choices,
}: {
  name: TemplateName;
  subject: string;
  body: string;
  problem: string | null;
  choices: MailTemplatesJson['previewChoices'];
}) {
  const [paperId, setPaperId] = useState('');
  const [userId, setUserId] = useState('');
  const [preview, setPreview] = useState<MailPreviewJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const headingId = useId();
  const { submit, state, data } = useFetcher<ActionResult<MailPreviewJson>>();
  const loading = waiting || state !== 'idle';
  const answer = state === 'idle' ? data : undefined;

  // Asked 300 ms after the last key; a newer question cancels an older one, so only the newest answer is shown.
  useEffect(() => {
    if (problem) return undefined;
    setWaiting(true);
    const timer = setTimeout(() => {
      setWaiting(false);
      const ask: PreviewIntent = { intent: 'preview', name, subject, body, ...(paperId ? { paperId } : {}), ...(userId ? { userId } : {}) };
      void submit(ask, { method: 'post', encType: 'application/json' });
    }, 300);
    return () => clearTimeout(timer);
  }, [name, subject, body, paperId, userId, problem, submit]);

  // The answer: the new preview, or the message beside the last one shown.
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setPreview(answer.data);
      setError(null);
    } else setError(answer.error);
  }, [answer]);

  const examples = preview?.values.filter((v) => v.source === 'example').length ?? 0;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-brand-900">
        Preview
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field id="preview-paper" label="Fill in from a paper">
          {(control) => (
            <select {...control} value={paperId} onChange={(e) => setPaperId(e.target.value)}>
              <option value="">No paper: example values</option>
              {choices.papers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.id})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="preview-person" label="Fill in from a person">
          {(control) => (
            <select {...control} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">No person: example values</option>
              {choices.people.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.role})
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="mt-2 min-h-5 text-sm text-slate-600" aria-live="polite">
        {problem ? 'The preview waits until the wording can be saved.' : loading ? 'Updating the preview…' : ''}
      </p>
      <Alert>{!problem ? error : null}</Alert>
      {preview ? (
        <div className={`mt-2 space-y-4 ${problem ? 'opacity-60' : ''}`} data-testid="mail-preview">
          <p className="break-words">
            <span className="font-semibold">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <section aria-label="Plain text">
            <h3 className="text-base font-semibold text-brand-900">Plain text</h3>
            <pre
              data-testid="preview-text"
              tabIndex={0}
              className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
            >
              {preview.text}
            </pre>
          </section>
          <section aria-label="HTML copy">
            <h3 className="text-base font-semibold text-brand-900">HTML copy</h3>
            <iframe
              title="The HTML copy of the mail"
              sandbox=""
              srcDoc={preview.html}
              className="mt-1 h-96 w-full rounded-md border border-slate-200 bg-white"
            />
          </section>
          <section aria-label="Values used">
            <h3 className="text-base font-semibold text-brand-900">Values used</h3>
            {examples ? (
              <p className="mt-1 text-sm text-slate-700">
                {examples === 1 ? 'One value is an example' : `${examples} values are examples`}: the real mail fills in its own.
              </p>
            ) : null}
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
              {preview.values.map((v) => (
                <div key={v.name} className="contents">
                  <dt className="font-mono text-slate-800">{`{${v.name}}`}</dt>
                  <dd className="mb-1 min-w-0 break-words text-slate-700 sm:mb-0">
                    <span className="line-clamp-3 whitespace-pre-wrap">{v.value}</span>
                    <span className={`text-xs ${v.source === 'example' ? 'font-semibold text-amber-900' : 'text-slate-600'}`}>
                      {' '}
                      ({SOURCE_WORDS[v.source]})
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      ) : null}
    </Card>
  );
}
