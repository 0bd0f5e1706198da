import { useState } from 'react';
import { PROGRAM_TRACKS, formatTime, dayKey } from '../../core/program';
import type { EditorProgramJson } from '../../core/schemas/program';
import { messageOf } from '../api/client';
import { createProgramSession, deleteProgramSession, getEditorProgram, placeSessionPapers } from '../api/program';
import { ProgramAftercare } from '../components/program-aftercare';
import { requireRole } from '../components/session';
import { Alert } from '../components/ui/alert';
import { buttonClass } from '../components/ui/button';
import { cardClass } from '../components/ui/card';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Programme | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

type Session = EditorProgramJson['sessions'][number];
type Choice = EditorProgramJson['papers'][number];

const input = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
const primary = buttonClass({ className: 'min-h-11' });
const secondary = buttonClass({ variant: 'quiet', size: 'sm', className: 'min-h-11 bg-white' });
/** A datetime-local value read as Bangkok wall-clock time (UTC+7, no daylight saving). */
const bangkok = (local: string) => `${local}:00+07:00`;
const when = (s: Session, zone: string) => `${dayKey(s.start, zone)} ${formatTime(s.start, zone)}–${formatTime(s.end, zone)}`;

/** The editor builds the programme: sessions, the accepted papers placed in order with a presenter, and the warnings (issue 15). */
export default function EditorProgram() {
  const { data, error, loading, reload } = useApi(getEditorProgram, []);
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const get = (k: string) => String(f.get(k) ?? '');
    setFormError('');
    setBusy(true);
    try {
      await createProgramSession({
        title: get('title'), track: get('track') as (typeof PROGRAM_TRACKS)[number], room: get('room'), chair: get('chair'),
        start: get('start') ? bangkok(get('start')) : '', end: get('end') ? bangkok(get('end')) : '',
      });
      form.reset();
      reload();
    } catch (err) {
      setFormError(messageOf(err, 'The session could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="program-heading" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="program-heading" className="text-2xl font-bold text-brand-900">Programme</h1>
        <a href="/program" className="font-semibold text-brand-800 underline underline-offset-4">Public programme page</a>
      </div>
      <Alert>{error ? messageOf(error, 'Failed to load the programme') : null}</Alert>
      {loading && !data ? <p className="text-slate-600">Loading the programme…</p> : null}

      {data ? (
        <section aria-labelledby="warnings-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="warnings-heading" className="text-lg font-bold text-amber-950">Warnings ({data.warnings.length})</h2>
          {data.warnings.length === 0 ? <p className="mt-2 text-amber-950">No warnings: no clashes, every accepted paper is placed.</p> : (
            <ul className="mt-2 list-disc space-y-1 pl-6 text-amber-950" data-testid="program-warnings">
              {data.warnings.map((w) => <li key={`${w.kind}-${w.sessionIds.join('-')}-${w.paperId ?? ''}-${w.message}`}>{w.message}</li>)}
            </ul>
          )}
        </section>
      ) : null}

      <form onSubmit={create} aria-labelledby="new-session-heading" className={cardClass()}>
        <h2 id="new-session-heading" className="text-lg font-bold text-brand-900">New session</h2>
        <p className="mt-1 text-sm text-slate-700">Times are Bangkok time (UTC+7). Conference dates: {data ? `${data.conferenceDates.start} to ${data.conferenceDates.end}` : '…'}.</p>
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
        <button type="submit" disabled={busy} className={`${primary} mt-4`}>Add session</button>
      </form>

      {data ? (
        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading" className="text-lg font-bold text-brand-900">Sessions ({data.sessions.length})</h2>
          {data.sessions.length === 0 ? <p className="mt-2 text-slate-700">No sessions yet.</p> : null}
          <ul className="mt-3 space-y-4">
            {data.sessions.map((s) => <SessionCard key={s._id} session={s} zone={data.timeZone} papers={data.papers} onChange={reload} />)}
          </ul>
        </section>
      ) : null}

      {data ? <ProgramAftercare papers={data.papers} onChange={reload} /> : null}
    </section>
  );
}

function SessionCard({ session, zone, papers, onChange }: { session: Session; zone: string; papers: Choice[]; onChange: () => void }) {
  const [rows, setRows] = useState(session.papers.map((p) => ({ paperId: p._id, presenterEmail: p.presenterEmail })));
  const [adding, setAdding] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const byId = new Map(papers.map((p) => [p._id, p]));
  const free = papers.filter((p) => !rows.some((r) => r.paperId === p._id));

  const move = (i: number, d: number) => setRows((r) => {
    const next = [...r];
    const [item] = next.splice(i, 1);
    next.splice(i + d, 0, item!);
    return next;
  });

  async function save() {
    setNote(null);
    try {
      await placeSessionPapers(session._id, { papers: rows });
      setNote({ ok: true, text: 'Papers saved' });
      onChange();
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, 'The papers could not be saved.') });
    }
  }

  async function remove() {
    if (!window.confirm(`Delete the session "${session.title}"?`)) return;
    try {
      await deleteProgramSession(session._id);
      onChange();
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, 'The session could not be deleted.') });
    }
  }

  const headingId = `session-${session._id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={headingId} data-testid="editor-session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-bold text-brand-900">{session.title}</h3>
          <p className="text-sm text-slate-700">{when(session, zone)} · {session.track}{session.room ? ` · ${session.room}` : ''}{session.chair ? ` · Chair: ${session.chair}` : ''}</p>
        </div>
        <button type="button" onClick={remove} className={secondary}>Delete<span className="sr-only"> session {session.title}</span></button>
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
              <button type="button" className={secondary} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${p?.title ?? 'paper'} up`}>↑</button>
              <button type="button" className={secondary} disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${p?.title ?? 'paper'} down`}>↓</button>
              <button type="button" className={secondary} onClick={() => setRows(rows.filter((_, j) => j !== i))}>Remove<span className="sr-only"> {p?.title}</span></button>
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
        <button type="button" className={secondary} disabled={!adding} onClick={() => {
          const p = byId.get(adding);
          if (p) setRows([...rows, { paperId: p._id, presenterEmail: p.authors[0]?.email ?? '' }]);
          setAdding('');
        }}>Add paper</button>
        <button type="button" className={primary} onClick={save}>Save papers<span className="sr-only"> of {session.title}</span></button>
      </div>
      {note ? <p role={note.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${note.ok ? 'text-green-800' : 'text-red-800'}`}>{note.text}</p> : null}
    </li>
  );
}
