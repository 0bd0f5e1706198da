import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { PROGRAM_TRACKS, formatTime, dayKey } from '../../../core/program';
import type { EditorProgramJson, PlacementBody, SessionBody } from '../../../core/schemas/program';
import { createProgramSession, deleteProgramSession, getEditorProgram, issueCertificates, placeSessionPapers, remindRegistration } from '../../api/program';
import { ProgramAftercare } from './program-aftercare';
import { actOr, jsonBody, loadOr } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import type { Route } from './+types/editor-program';

export const meta = () => [{ title: 'Programme | IMSE 2025' }];

/** The sessions, the accepted papers to place and the warnings, as the server computes them. */
export async function clientLoader() {
  requireRole('Editor');
  return loadOr(getEditorProgram(), 'Failed to load the programme');
}

export type ProgramIntent =
  | { intent: 'createSession'; session: z.input<typeof SessionBody> }
  | { intent: 'placePapers'; id: string; placement: PlacementBody }
  | { intent: 'deleteSession'; id: string }
  | { intent: 'remind'; paperIds: string[] }
  | { intent: 'issueCertificates' };

/** Every write of the screen and its aftercare, told apart by `intent`; the loader then reads the programme again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<ProgramIntent>(request);
  switch (body.intent) {
    case 'createSession': return actOr(createProgramSession(body.session), 'The session could not be saved.', body.intent);
    case 'placePapers': return actOr(placeSessionPapers(body.id, body.placement), 'The papers could not be saved.', body.intent);
    case 'deleteSession': return actOr(deleteProgramSession(body.id), 'The session could not be deleted.', body.intent);
    case 'remind': return actOr(remindRegistration(body.paperIds), 'The reminders could not be sent.', body.intent);
    case 'issueCertificates': return actOr(issueCertificates(), 'The certificates could not be issued.', body.intent);
  }
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

type Session = EditorProgramJson['sessions'][number];
type Choice = EditorProgramJson['papers'][number];

const input = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
const primary = { className: 'min-h-11' } as const;
const secondary = { variant: 'quiet', size: 'sm', className: 'min-h-11 bg-white' } as const;
/** A datetime-local value read as Bangkok wall-clock time (UTC+7, no daylight saving). */
const bangkok = (local: string) => `${local}:00+07:00`;
const when = (s: Session, zone: string) => `${dayKey(s.start, zone)} ${formatTime(s.start, zone)}–${formatTime(s.end, zone)}`;
const post = { method: 'post', encType: 'application/json' } as const;

/** The editor builds the programme: sessions, the accepted papers placed in order with a presenter, and the warnings (issue 15). */
export default function EditorProgram({ loaderData: data }: Route.ComponentProps) {
  const creating = useFetcher<typeof clientAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = creating.state === 'idle' ? creating.data : undefined;
  const formError = result && !result.ok ? result.error : null;
  // A session saved: the form is emptied for the next one (the list below comes from the loader).
  useEffect(() => { if (result?.ok) formRef.current?.reset(); }, [result]);

  function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '');
    const session = {
      title: get('title'), track: get('track') as (typeof PROGRAM_TRACKS)[number], room: get('room'), chair: get('chair'),
      start: get('start') ? bangkok(get('start')) : '', end: get('end') ? bangkok(get('end')) : '',
    };
    creating.submit({ intent: 'createSession', session } satisfies ProgramIntent, post);
  }

  return (
    <section aria-labelledby="program-heading" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="program-heading" className="text-2xl font-bold text-brand-900">Programme</h1>
        <a href="/program" className="font-semibold text-brand-800 underline underline-offset-4">Public programme page</a>
      </div>

      <section aria-labelledby="warnings-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 id="warnings-heading" className="text-lg font-bold text-amber-950">Warnings ({data.warnings.length})</h2>
        {data.warnings.length === 0 ? <p className="mt-2 text-amber-950">No warnings: no clashes, every accepted paper is placed.</p> : (
          <ul className="mt-2 list-disc space-y-1 pl-6 text-amber-950" data-testid="program-warnings">
            {data.warnings.map((w) => <li key={`${w.kind}-${w.sessionIds.join('-')}-${w.paperId ?? ''}-${w.message}`}>{w.message}</li>)}
          </ul>
        )}
      </section>

      <form ref={formRef} onSubmit={create} aria-labelledby="new-session-heading" className={cardClass()}>
        <h2 id="new-session-heading" className="text-lg font-bold text-brand-900">New session</h2>
        <p className="mt-1 text-sm text-slate-700">Times are Bangkok time (UTC+7). Conference dates: {data.conferenceDates.start} to {data.conferenceDates.end}.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-semibold text-slate-800">Title<input name="title" required className={input} /></label>
          <label className="block text-sm font-semibold text-slate-800">Track
            <select name="track" className={input}>{PROGRAM_TRACKS.map((t) => <option key={t}>{t}</option>)}</select>
          </label>
          <label className="block text-sm font-semibold text-slate-800">Room or online link<input name="room" className={input} /></label>
          <label className="block text-sm font-semibold text-slate-800">Chair<input name="chair" className={input} /></label>
          <label className="block text-sm font-semibold text-slate-800">Start<input name="start" type="datetime-local" required className={input} /></label>
          <label className="block text-sm font-semibold text-slate-800">End<input name="end" type="datetime-local" required className={input} /></label>
        </div>
        <Alert className="mt-3">{formError}</Alert>
        <Button type="submit" disabled={creating.state !== 'idle'} className="mt-4 min-h-11">Add session</Button>
      </form>

      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-lg font-bold text-brand-900">Sessions ({data.sessions.length})</h2>
        {data.sessions.length === 0 ? <p className="mt-2 text-slate-700">No sessions yet.</p> : null}
        <ul className="mt-3 space-y-4">
          {data.sessions.map((s) => <SessionCard key={s._id} session={s} zone={data.timeZone} papers={data.papers} />)}
        </ul>
      </section>

      <ProgramAftercare papers={data.papers} />
    </section>
  );
}

function SessionCard({ session, zone, papers }: { session: Session; zone: string; papers: Choice[] }) {
  const fetcher = useFetcher<typeof clientAction>();
  const [rows, setRows] = useState(session.papers.map((p) => ({ paperId: p._id, presenterEmail: p.presenterEmail })));
  const [adding, setAdding] = useState('');
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const note = !result ? null : result.ok ? (result.intent === 'placePapers' ? { ok: true, text: 'Papers saved' } : null) : { ok: false, text: result.error };
  const byId = new Map(papers.map((p) => [p._id, p]));
  const free = papers.filter((p) => !rows.some((r) => r.paperId === p._id));

  const move = (i: number, d: number) => setRows((r) => {
    const next = [...r];
    const [item] = next.splice(i, 1);
    next.splice(i + d, 0, item!);
    return next;
  });

  const save = () => fetcher.submit({ intent: 'placePapers', id: session._id, placement: { papers: rows } } satisfies ProgramIntent, post);
  const remove = () => {
    if (window.confirm(`Delete the session "${session.title}"?`)) fetcher.submit({ intent: 'deleteSession', id: session._id } satisfies ProgramIntent, post);
  };

  const headingId = `session-${session._id}`;
  return (
    <li className={cardClass()} aria-labelledby={headingId} data-testid="editor-session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-bold text-brand-900">{session.title}</h3>
          <p className="text-sm text-slate-700">{when(session, zone)} · {session.track}{session.room ? ` · ${session.room}` : ''}{session.chair ? ` · Chair: ${session.chair}` : ''}</p>
        </div>
        <Button onClick={remove} {...secondary}>Delete<span className="sr-only"> session {session.title}</span></Button>
      </div>
      <ol className="mt-3 space-y-2">
        {rows.map((r, i) => {
          const p = byId.get(r.paperId);
          return (
            <li key={r.paperId} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2">
              <span className="min-w-0 flex-1 basis-56 text-sm font-semibold text-slate-900">{i + 1}. {p?.title ?? r.paperId}</span>
              <label className="text-sm text-slate-800">Presenter{' '}
                <select value={r.presenterEmail} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, presenterEmail: e.target.value } : x)))}
                  className="min-h-11 rounded-md border border-slate-400 bg-white px-2">
                  {(p?.authors ?? []).map((a) => <option key={a.email} value={a.email}>{a.name}</option>)}
                </select>
              </label>
              <Button {...secondary} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${p?.title ?? 'paper'} up`}>↑</Button>
              <Button {...secondary} disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${p?.title ?? 'paper'} down`}>↓</Button>
              <Button {...secondary} onClick={() => setRows(rows.filter((_, j) => j !== i))}>Remove<span className="sr-only"> {p?.title}</span></Button>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="block min-w-0 flex-1 basis-64 text-sm font-semibold text-slate-800">Add an accepted paper
          <select value={adding} onChange={(e) => setAdding(e.target.value)} className={input}>
            <option value="">Choose a paper…</option>
            {free.map((p) => <option key={p._id} value={p._id}>{p.title}{p.sessionId ? ' (in another session)' : ''}</option>)}
          </select>
        </label>
        <Button {...secondary} disabled={!adding} onClick={() => {
          const p = byId.get(adding);
          if (p) setRows([...rows, { paperId: p._id, presenterEmail: p.authors[0]?.email ?? '' }]);
          setAdding('');
        }}>Add paper</Button>
        <Button {...primary} onClick={save} disabled={fetcher.state !== 'idle'}>Save papers<span className="sr-only"> of {session.title}</span></Button>
      </div>
      {note ? <p role={note.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${note.ok ? 'text-green-800' : 'text-red-800'}`}>{note.text}</p> : null}
    </li>
  );
}
