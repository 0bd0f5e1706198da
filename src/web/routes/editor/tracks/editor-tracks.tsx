import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { CreateTrackBody, SetChairsBody, UpdateTrackBody, type EditorTrackJson } from '../../../../core/schemas/tracks';
import type { z } from '../../../../core/zod';
import { createTrack, getEditorTracks, setTrackChairs, updateTrack } from '../../../api/tracks';
import { actOr, jsonBody, loadOr, revalidateAfterSuccess, type ActionResult } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import type { Route } from './+types/editor-tracks';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Tracks') }];

/** The editor's tracks with their chairs (a track chair is sent to their papers: the server refuses them this page). */
export async function clientLoader() {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  return loadOr(getEditorTracks(), 'Could not load the tracks. Please try again.');
}

type Intent =
  | { intent: 'create'; body: z.input<typeof CreateTrackBody> }
  /** `what` names the change for the message: details, open, move, default. */
  | { intent: 'update'; what: string; trackId: string; body: z.input<typeof UpdateTrackBody> }
  | { intent: 'chairs'; trackId: string; emails: string[] };

/** The first problem a schema finds, in its own words (the server would answer the same 400). */
const firstIssue = (error: z.ZodError, values?: readonly string[]) => {
  const issue = error.issues[0];
  const index = issue?.path[1];
  const which = values && typeof index === 'number' && values[index] ? `${values[index]}: ` : '';
  return `${which}${issue?.message ?? 'Please check the form'}`;
};

/** Each write is checked with the contract's schema first, then sent; the server's message comes back on a refusal. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  if (body.intent === 'create') {
    const parsed = CreateTrackBody.safeParse(body.body);
    if (!parsed.success) return { ok: false as const, intent: 'create', error: firstIssue(parsed.error) };
    return actOr(
      createTrack(parsed.data).then((t) => ({ message: `Track "${t.name}" added.` })),
      'Could not add the track. Please try again.',
      'create',
    );
  }
  if (body.intent === 'update') {
    const parsed = UpdateTrackBody.safeParse(body.body);
    if (!parsed.success) return { ok: false as const, intent: body.what, error: firstIssue(parsed.error) };
    return actOr(
      updateTrack(body.trackId, parsed.data).then((t) => ({ message: savedMessage(body.what, t.name, t.open) })),
      'Could not save the track. Please try again.',
      body.what,
    );
  }
  const parsed = SetChairsBody.safeParse({ emails: body.emails });
  if (!parsed.success) return { ok: false as const, intent: 'chairs', error: firstIssue(parsed.error, body.emails) };
  return actOr(setTrackChairs(body.trackId, parsed.data.emails), 'Could not save the chairs. Please try again.', 'chairs');
}

const savedMessage = (what: string, name: string, open: boolean) =>
  what === 'open'
    ? `${name} is ${open ? 'open for submissions' : 'closed to new submissions'}.`
    : what === 'move'
      ? `${name} moved.`
      : what === 'default'
        ? `${name} now takes the submissions that name no track.`
        : `${name} saved.`;

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

/** Lines of a text area, trimmed, empty ones left out (topics: one a line). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
/** Addresses typed one a line, or separated by commas, semicolons or spaces. */
const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

type Result = ActionResult<{ message: string; emails?: string[] }>;

const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

/**
 * Decision 0023: the tracks in the call for papers' order, each with its topics, papers and chairs; the editor
 * adds one, edits, opens or closes, moves, makes one the default, and names its chairs by address.
 */
export default function EditorTracks({ loaderData: tracks }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Tracks</h1>
      <p className="mt-2 text-slate-700">
        Each paper belongs to one track; a submission that names none goes to the default track. A track is never deleted: close it to stop
        new submissions. A chair acts only on the papers of their tracks, once they have signed up as an Editor with the address named here
        and confirmed it.
      </p>
      <ol aria-label="Tracks" className="mt-6 space-y-4">
        {tracks.map((t, i) => (
          <TrackItem key={t.id} track={t} before={tracks[i - 1]} after={tracks[i + 1]} />
        ))}
      </ol>
      <AddTrack />
    </div>
  );
}

function useTrackFetcher() {
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? (fetcher.data as Result | undefined) : undefined;
  const submit = (body: Intent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  const busy = fetcher.state !== 'idle';
  return { result, submit, busy, fetcher };
}

function TrackItem({ track: t, before, after }: { track: EditorTrackJson; before?: EditorTrackJson; after?: EditorTrackJson }) {
  const { result, submit, busy } = useTrackFetcher();
  const [editing, setEditing] = useState<'details' | 'chairs' | null>(null);
  const headingId = useId();
  const update = (what: string, body: z.input<typeof UpdateTrackBody>) => submit({ intent: 'update', what, trackId: t.id, body });

  useEffect(() => {
    if (!result?.ok) return;
    toast.success(result.data.message);
    if (result.intent === 'details' || result.intent === 'chairs') setEditing(null);
  }, [result]);
  const error = result && !result.ok ? result.error : null;
  const verified = t.chairs.filter((c) => c.verified).length;

  return (
    <Card as="li" aria-labelledby={headingId} className="shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold leading-snug text-brand-900">
          <span className="text-slate-600">{t.position}.</span> {t.name}
        </h2>
        <p className="flex flex-wrap gap-1.5">
          {t.isDefault ? <span className={`${BADGE} bg-brand-100 text-brand-900 ring-brand-300`}>Default</span> : null}
          <span
            className={`${BADGE} ${t.open ? 'bg-green-100 text-green-900 ring-green-400' : 'bg-slate-100 text-slate-800 ring-slate-300'}`}
          >
            {t.open ? 'Open' : 'Closed'}
          </span>
        </p>
      </div>
      {t.description ? <p className="mt-1 whitespace-pre-wrap text-slate-700">{t.description}</p> : null}
      <dl className="mt-3 grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Papers: </dt>
          <dd className="inline">{t.papers}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Topics: </dt>
          <dd className="inline">
            <details className="inline">
              <summary className="inline cursor-pointer text-brand-700 underline">
                {t.topics.length === 1 ? '1 topic' : `${t.topics.length} topics`}
              </summary>
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Topics of ${t.name}`}>
                {t.topics.map((topic) => (
                  <li key={topic} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
                    {topic}
                  </li>
                ))}
              </ul>
            </details>
          </dd>
        </div>
      </dl>
      <div className="mt-3 text-sm">
        <h3 className="font-medium text-slate-800">Chairs{t.chairs.length ? ` (${verified} of ${t.chairs.length} signed up)` : ''}</h3>
        {t.chairs.length === 0 ? (
          <p className="text-slate-600">No chair yet: the editor handles this track’s papers.</p>
        ) : (
          <ul className="mt-1 space-y-1" aria-label={`Chairs of ${t.name}`}>
            {t.chairs.map((c) => (
              <li key={c.email} className="flex flex-wrap items-center gap-x-2">
                <span className="break-all">{c.email}</span>
                {c.name ? <span className="text-slate-700">({c.name})</span> : null}
                {c.verified ? (
                  <span className="font-semibold text-green-800">
                    <span aria-hidden="true">✓ </span>Verified
                  </span>
                ) : (
                  <span className="text-amber-900">Waiting for sign-up</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Change ${t.name}`}>
        <Button
          variant="quiet"
          size="sm"
          aria-expanded={editing === 'details'}
          onClick={() => setEditing(editing === 'details' ? null : 'details')}
        >
          Edit track
        </Button>
        <Button
          variant="quiet"
          size="sm"
          aria-expanded={editing === 'chairs'}
          onClick={() => setEditing(editing === 'chairs' ? null : 'chairs')}
        >
          Edit chairs
        </Button>
        {/* Decision 0072: the checks a PDF of this track goes through at submission. */}
        <Link
          to={`/editor/tracks/${t.id}/checks`}
          className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 underline hover:bg-brand-50"
        >
          Submission checks<span className="sr-only"> of {t.name}</span>
        </Link>
        <Button variant="quiet" size="sm" disabled={busy} onClick={() => update('open', { open: !t.open })}>
          {t.open ? 'Close' : 'Open'}
        </Button>
        <Button
          variant="quiet"
          size="sm"
          disabled={busy || !before}
          onClick={() => before && update('move', { position: before.position })}
        >
          Move up<span className="sr-only"> {t.name}</span>
        </Button>
        <Button variant="quiet" size="sm" disabled={busy || !after} onClick={() => after && update('move', { position: after.position })}>
          Move down<span className="sr-only"> {t.name}</span>
        </Button>
        {!t.isDefault && t.open ? (
          <Button variant="quiet" size="sm" disabled={busy} onClick={() => update('default', { isDefault: true })}>
            Make default
          </Button>
        ) : null}
      </div>
      {editing === 'details' ? (
        <TrackForm track={t} busy={busy} onCancel={() => setEditing(null)} onSave={(body) => update('details', body)} />
      ) : null}
      {editing === 'chairs' ? (
        <ChairsForm
          track={t}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={(emails) => submit({ intent: 'chairs', trackId: t.id, emails })}
        />
      ) : null}
      <Alert className="mt-3">{error}</Alert>
      <p role="status" className="mt-2 text-sm font-medium text-green-800">
        {result?.ok ? result.data.message : null}
      </p>
    </Card>
  );
}

/** Name, description and topics (one a line): the edit form of a track, and the form that adds one. */
function TrackFields({ idPrefix, track }: { idPrefix: string; track?: EditorTrackJson }) {
  return (
    <>
      <Field id={`${idPrefix}-name`} name="name" label="Name" defaultValue={track?.name} required maxLength={120} />
      <Field id={`${idPrefix}-description`} label="Description (optional)">
        {(control) => <textarea {...control} name="description" rows={2} defaultValue={track?.description} maxLength={1000} />}
      </Field>
      <Field
        id={`${idPrefix}-topics`}
        label="Topics"
        hint="One topic a line. Reviewers pick their topics from every track’s; a paper’s topics come from its track."
      >
        {(control) => <textarea {...control} name="topics" rows={6} defaultValue={track?.topics.join('\n')} required />}
      </Field>
    </>
  );
}

const readFields = (form: HTMLFormElement) => {
  const f = new FormData(form);
  return {
    name: String(f.get('name') ?? ''),
    description: String(f.get('description') ?? ''),
    topics: lines(String(f.get('topics') ?? '')),
  };
};

function TrackForm({
  track,
  busy,
  onSave,
  onCancel,
}: {
  track: EditorTrackJson;
  busy: boolean;
  onSave: (body: z.input<typeof UpdateTrackBody>) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector('input')?.focus();
  }, []);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSave(readFields(e.currentTarget));
  };
  return (
    <form
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Edit ${track.name}`}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      <TrackFields idPrefix={`track-${track.id}`} track={track} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save track'}
        </Button>
        <Button variant="quiet" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ChairsForm({
  track,
  busy,
  onSave,
  onCancel,
}: {
  track: EditorTrackJson;
  busy: boolean;
  onSave: (emails: string[]) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector('textarea')?.focus();
  }, []);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSave(addresses(String(new FormData(e.currentTarget).get('emails') ?? '')));
  };
  return (
    <form
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Chairs of ${track.name}`}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      <Field
        id={`chairs-${track.id}`}
        label="Chairs’ e-mail addresses"
        hint="One a line. Each new address gets an e-mail: sign up or log in as an Editor with it and confirm it. Leave empty for no chair."
      >
        {(control) => (
          <textarea {...control} name="emails" rows={3} defaultValue={track.chairs.map((c) => c.email).join('\n')} autoComplete="off" />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save chairs'}
        </Button>
        <Button variant="quiet" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AddTrack() {
  const { result, submit, busy } = useTrackFetcher();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!result?.ok) return;
    toast.success(result.data.message);
    form.current?.reset();
    setOpen(true);
  }, [result]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit({ intent: 'create', body: { ...readFields(e.currentTarget), open } });
  };
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby="add-track-title" className={cardClass('mt-8 space-y-3')}>
      <h2 id="add-track-title" className="text-lg font-semibold text-brand-900">
        Add a track
      </h2>
      <TrackFields idPrefix="new-track" />
      <div className="flex items-center gap-2">
        <input id="new-track-open" type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} className="h-5 w-5" />
        <label htmlFor="new-track-open" className="text-sm font-medium text-slate-800">
          Open for submissions
        </label>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add track'}
      </Button>
      <Alert>{result && !result.ok ? result.error : null}</Alert>
      <p role="status" className="text-sm font-medium text-green-800">
        {result?.ok ? result.data.message : null}
      </p>
    </form>
  );
}
