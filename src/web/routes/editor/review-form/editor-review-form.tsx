import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { z } from '../../../../core/zod';
import {
  CreateQuestionBody,
  KIND_WORDS,
  QUESTION_KINDS,
  UpdateQuestionBody,
  VISIBILITY_WORDS,
  type QuestionJson,
  type QuestionKind,
  type QuestionVisibility,
} from '../../../../core/review-form';
import { CONFIDENCES, RECOMMENDATIONS } from '../../../../core/schemas/review-cycle';
import { createQuestion, getEditorReviewForm, updateQuestion } from '../../../api/review-form';
import { QuestionField } from '../../../components/review-questions';
import { actOr, jsonBody, loadOr, revalidateAfterSuccess, type ActionResult } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, cardClass } from '../../../components/ui/card';
import { Field, inputClass } from '../../../components/ui/field';
import type { Route } from './+types/editor-review-form';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Review form') }];

/** Every question, the retired ones last (a track chair is sent to their papers: the form is the editor's). */
export async function clientLoader() {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  return loadOr(getEditorReviewForm(), 'Could not load the review form. Please try again.');
}

type Intent =
  | { intent: 'create'; body: z.input<typeof CreateQuestionBody> }
  /** `what` names the change for the message: details, move, retire, restore. */
  | { intent: 'update'; what: string; questionId: string; body: z.input<typeof UpdateQuestionBody> };

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Please check the form';

/** Each change is checked with the contract's schema first, then sent; the server's message comes back on a refusal. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  if (body.intent === 'create') {
    const parsed = CreateQuestionBody.safeParse(body.body);
    if (!parsed.success) return { ok: false as const, intent: 'create', error: firstIssue(parsed.error) };
    return actOr(
      createQuestion(parsed.data).then((q) => ({ message: `“${q.label}” added to the form.` })),
      'Could not add the question. Please try again.',
      'create',
    );
  }
  const parsed = UpdateQuestionBody.safeParse(body.body);
  if (!parsed.success) return { ok: false as const, intent: body.what, error: firstIssue(parsed.error) };
  return actOr(
    updateQuestion(body.questionId, parsed.data).then((q) => ({ message: savedMessage(body.what, q) })),
    'Could not save the question. Please try again.',
    body.what,
  );
}

const savedMessage = (what: string, q: QuestionJson) =>
  what === 'retire'
    ? `“${q.label}” is off the form; its answers stay readable.`
    : what === 'restore'
      ? `“${q.label}” is back on the form.`
      : what === 'move'
        ? `“${q.label}” moved to place ${q.position}.`
        : `“${q.label}” saved.`;

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

type Result = ActionResult<{ message: string }>;
const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function useFormFetcher() {
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? (fetcher.data as Result | undefined) : undefined;
  const submit = (body: Intent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  return { result, submit, busy: fetcher.state !== 'idle' };
}

/**
 * Decision 0031: the conference's own review form. Recommendation and confidence are always asked; the editor adds
 * questions (a score on a labelled scale, a choice or a text), each for the authors or the committee only,
 * required or not, in order; edits, moves and retires them, and sees the form as a reviewer will.
 */
export default function EditorReviewForm({ loaderData: questions }: Route.ComponentProps) {
  const current = questions.filter((q) => !q.retired);
  const retired = questions.filter((q) => q.retired);
  return (
    <div className="max-w-4xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Review form</h1>
      <p className="mt-2 text-slate-700">
        Every review asks for a recommendation, the reviewer’s confidence and comments. Add your own questions below: answers marked for the
        authors go to them with the decision; committee-only answers never do. A question is never deleted: retire it and the answers
        already given stay readable.
      </p>
      <h2 className="mt-6 text-xl font-semibold text-brand-900">Questions on the form</h2>
      {current.length === 0 ? (
        <p className="mt-2 text-slate-700">No questions of your own yet.</p>
      ) : (
        <ol aria-label="Questions on the form" className="mt-3 space-y-4">
          {current.map((q, i) => (
            <QuestionItem key={q.id} q={q} first={i === 0} last={i === current.length - 1} />
          ))}
        </ol>
      )}
      <AddQuestion />
      {retired.length ? (
        <>
          <h2 className="mt-8 text-xl font-semibold text-brand-900">Retired questions</h2>
          <p className="mt-1 text-sm text-slate-700">Not asked any more; the answers given to them stay on the reviews.</p>
          <ul aria-label="Retired questions" className="mt-3 space-y-4">
            {retired.map((q) => (
              <QuestionItem key={q.id} q={q} first last />
            ))}
          </ul>
        </>
      ) : null}
      <Preview questions={current} />
    </div>
  );
}

function QuestionItem({ q, first, last }: { q: QuestionJson; first: boolean; last: boolean }) {
  const { result, submit, busy } = useFormFetcher();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const update = (what: string, body: z.input<typeof UpdateQuestionBody>) => submit({ intent: 'update', what, questionId: q.id, body });
  useEffect(() => {
    if (!result?.ok) return;
    toast.success(result.data.message);
    if (result.intent === 'details') setEditing(false);
  }, [result]);

  return (
    <Card as="li" aria-labelledby={headingId} className="shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-lg font-semibold leading-snug text-brand-900">
          {q.retired ? null : <span className="text-slate-600">{q.position}. </span>}
          {q.label}
        </h3>
        <p className="flex flex-wrap gap-1.5">
          <span className={`${BADGE} bg-slate-100 text-slate-800 ring-slate-300`}>{KIND_WORDS[q.kind]}</span>
          <span
            className={`${BADGE} ${q.visibility === 'authors' ? 'bg-brand-100 text-brand-900 ring-brand-300' : 'bg-amber-100 text-amber-900 ring-amber-400'}`}
          >
            {VISIBILITY_WORDS[q.visibility]}
          </span>
          {q.required ? <span className={`${BADGE} bg-red-50 text-red-900 ring-red-300`}>Required</span> : null}
        </p>
      </div>
      {q.description ? <p className="mt-1 whitespace-pre-wrap text-slate-700">{q.description}</p> : null}
      {q.options.length ? (
        <ol className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label={`Options of ${q.label}`}>
          {q.options.map((o, i) => (
            <li key={o} className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
              {q.kind === 'score' ? `${i + 1} — ${o}` : o}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Change ${q.label}`}>
        {q.retired ? (
          <Button variant="quiet" size="sm" disabled={busy} onClick={() => update('restore', { retired: false })}>
            Restore<span className="sr-only"> {q.label}</span>
          </Button>
        ) : (
          <>
            <Button variant="quiet" size="sm" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              Edit<span className="sr-only"> {q.label}</span>
            </Button>
            <Button variant="quiet" size="sm" disabled={busy || first} onClick={() => update('move', { move: 'up' })}>
              Move up<span className="sr-only"> {q.label}</span>
            </Button>
            <Button variant="quiet" size="sm" disabled={busy || last} onClick={() => update('move', { move: 'down' })}>
              Move down<span className="sr-only"> {q.label}</span>
            </Button>
            <Button variant="quiet" size="sm" disabled={busy} onClick={() => update('retire', { retired: true })}>
              Retire<span className="sr-only"> {q.label}</span>
            </Button>
          </>
        )}
      </div>
      {editing ? (
        <QuestionEditor
          q={q}
          busy={busy}
          submitLabel="Save question"
          onCancel={() => setEditing(false)}
          onSave={({ kind: _kind, ...body }) => update('details', body)}
        />
      ) : null}
      <Alert className="mt-3">{result && !result.ok ? result.error : null}</Alert>
    </Card>
  );
}

type Draft = {
  kind: QuestionKind;
  label: string;
  description: string;
  options: string[];
  visibility: QuestionVisibility;
  required: boolean;
};

/** The fields of a question: kind (when adding), label, description, options (one a line), who sees the answer, required. */
function QuestionEditor({
  q,
  busy,
  submitLabel,
  onSave,
  onCancel,
}: {
  q?: QuestionJson;
  busy: boolean;
  submitLabel: string;
  onSave: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const prefix = useId();
  const [kind, setKind] = useState<QuestionKind>(q?.kind ?? 'score');
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    onSave({
      kind,
      label: String(data.get('label') ?? ''),
      description: String(data.get('description') ?? ''),
      options: kind === 'text' ? [] : lines(String(data.get('options') ?? '')),
      visibility: data.get('visibility') === 'committee' ? 'committee' : 'authors',
      required: data.get('required') === 'on',
    });
  };
  return (
    <form onSubmit={save} className="mt-4 space-y-3">
      {q ? null : (
        <Field id={`${prefix}-kind`} label="Kind of question">
          {(control) => (
            <select {...control} value={kind} onChange={(e) => setKind(e.target.value as QuestionKind)}>
              {QUESTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_WORDS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id={`${prefix}-label`} name="label" label="Question" defaultValue={q?.label} required maxLength={200} />
      <Field id={`${prefix}-description`} label="Explanation for reviewers (optional)">
        {(control) => <textarea {...control} name="description" rows={2} defaultValue={q?.description} maxLength={2000} />}
      </Field>
      {kind === 'text' ? null : (
        <Field
          id={`${prefix}-options`}
          label={kind === 'score' ? 'Scale labels' : 'Options'}
          hint={kind === 'score' ? 'One a line, from the lowest (1) to the highest: 2 to 10 labels.' : 'One a line: 2 to 20 options.'}
        >
          {(control) => <textarea {...control} name="options" rows={5} required defaultValue={q?.options.join('\n')} />}
        </Field>
      )}
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-700">Who reads the answers</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(['authors', 'committee'] as const).map((v) => (
            <label key={v} className="flex items-center gap-2">
              <input type="radio" name="visibility" value={v} defaultChecked={(q?.visibility ?? 'committee') === v} />
              {VISIBILITY_WORDS[v]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="required" defaultChecked={q?.required ?? false} /> Reviewers must answer it
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function AddQuestion() {
  const { result, submit, busy } = useFormFetcher();
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (!result?.ok) return;
    toast.success(result.data.message);
    setKey((k) => k + 1);
  }, [result]);
  return (
    <section aria-labelledby="add-question" className={cardClass('mt-6 shadow-sm')}>
      <h2 id="add-question" className="text-lg font-semibold text-brand-900">
        Add a question
      </h2>
      <QuestionEditor key={key} busy={busy} submitLabel="Add question" onSave={(body) => submit({ intent: 'create', body })} />
      <Alert className="mt-3">{result && !result.ok ? result.error : null}</Alert>
    </section>
  );
}

/** The form as a reviewer sees it (nothing here is saved). */
function Preview({ questions }: { questions: QuestionJson[] }) {
  const [answers, setAnswers] = useState<Record<string, number | string>>({});
  const scale = (legend: string, table: Record<number, string>) => (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-brand-900">{legend}</legend>
      <p className="text-sm text-slate-700">
        {Object.entries(table)
          .map(([n, w]) => `${n} — ${w}`)
          .join(' · ')}
      </p>
    </fieldset>
  );
  return (
    <section aria-labelledby="preview-heading" className={cardClass('mt-8 space-y-4 bg-slate-50')}>
      <h2 id="preview-heading" className="text-lg font-semibold text-brand-900">
        Preview: the reviewer’s form
      </h2>
      {scale('Recommendation', RECOMMENDATIONS)}
      {scale('Your confidence', CONFIDENCES)}
      {questions.map((q) => (
        <QuestionField key={q.id} q={q} value={answers[q.id]} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v }))} />
      ))}
      <div>
        <p className="block text-sm font-medium text-slate-700">Comments to the authors</p>
        <div className={`${inputClass} h-16 bg-slate-100`} aria-hidden="true" />
      </div>
    </section>
  );
}
