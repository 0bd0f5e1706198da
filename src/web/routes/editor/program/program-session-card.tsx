import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { SESSION_KIND_LABELS, SESSION_KINDS, sessionLabel, type SessionKind } from '../../../../core/program';
import { dayKey, formatTime } from '../../../lib/format';
import type { EditorProgramJson } from '../../../../core/schemas/program';
import type { ActionResult } from '../../../lib/route-data';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { isoToWallClock, wallClockToIso } from './program-time';

type Session = EditorProgramJson['sessions'][number];
type Choice = EditorProgramJson['papers'][number];

export const fieldClass = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
const labelClass = 'block text-sm font-semibold text-slate-800';
const secondary = { variant: 'quiet', size: 'sm', className: 'min-h-11 bg-white' } as const;
const post = { method: 'post', encType: 'application/json' } as const;
const when = (s: Session, zone: string) => `${dayKey(s.start, zone)} ${formatTime(s.start, zone)}–${formatTime(s.end, zone)}`;

/** The fields of a session, as the new-session form and the edit form show them (times in the conference's zone). */
export function SessionFields({
  session,
  zone,
  idPrefix,
  tracks,
}: {
  session?: Session;
  zone: string;
  idPrefix: string;
  /** Every track's name (the tracks are data: the editor adds them). */
  tracks: string[];
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const [kind, setKind] = useState<SessionKind>(session?.kind ?? 'papers');
  // A draft session whose track was renamed since keeps its name on offer until the editor picks another.
  const offered = session?.track && !tracks.includes(session.track) ? [...tracks, session.track] : tracks;
  return (
    <div className="mt-3 grid gap-4 sm:grid-cols-2">
      <label className={labelClass} htmlFor={id('title')}>
        Title
        <input id={id('title')} name="title" required defaultValue={session?.title} className={fieldClass} />
      </label>
      <label className={labelClass} htmlFor={id('kind')}>
        Kind
        <select id={id('kind')} name="kind" value={kind} onChange={(e) => setKind(e.target.value as SessionKind)} className={fieldClass}>
          {SESSION_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === 'papers' ? 'Session of papers' : `${SESSION_KIND_LABELS[k]} (no papers)`}
            </option>
          ))}
        </select>
      </label>
      {kind === 'papers' ? (
        <label className={labelClass} htmlFor={id('track')}>
          Track
          <select id={id('track')} name="track" defaultValue={session?.track || tracks[0]} className={fieldClass}>
            {offered.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={labelClass} htmlFor={id('room')}>
        Room
        <input id={id('room')} name="room" defaultValue={session?.room} className={fieldClass} />
      </label>
      <label className={labelClass} htmlFor={id('link')}>
        Online link (https, for registered participants)
        <input
          id={id('link')}
          name="link"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={session?.link}
          className={fieldClass}
        />
      </label>
      <label className={labelClass} htmlFor={id('start')}>
        Start
        <input
          id={id('start')}
          name="start"
          type="datetime-local"
          required
          defaultValue={session ? isoToWallClock(session.start, zone) : undefined}
          className={fieldClass}
        />
      </label>
      <label className={labelClass} htmlFor={id('end')}>
        End
        <input
          id={id('end')}
          name="end"
          type="datetime-local"
          required
          defaultValue={session ? isoToWallClock(session.end, zone) : undefined}
          className={fieldClass}
        />
      </label>
      <label className={labelClass} htmlFor={id('chair')}>
        {kind === 'papers' ? 'Chair' : 'Chair or speaker'}
        <input id={id('chair')} name="chair" defaultValue={session?.chair} className={fieldClass} />
      </label>
    </div>
  );
}

/** A form's session fields as the API takes them: wall-clock times read in the conference's zone. */
export function sessionFromForm(form: HTMLFormElement, zone: string) {
  const f = new FormData(form);
  const get = (k: string) => String(f.get(k) ?? '');
  const kind = (get('kind') || 'papers') as SessionKind;
  return {
    title: get('title'),
    kind,
    track: kind === 'papers' ? get('track') : '',
    room: get('room'),
    link: get('link').trim(),
    chair: get('chair'),
    start: get('start') ? wallClockToIso(get('start'), zone) : '',
    end: get('end') ? wallClockToIso(get('end'), zone) : '',
  };
}

/** One draft session: its facts (edited in place), its papers in order with a presenter each, reordered with ↑ and ↓. */
export function SessionCard({ session, zone, papers, tracks }: { session: Session; zone: string; papers: Choice[]; tracks: string[] }) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  const [rows, setRows] = useState(session.papers.map((p) => ({ paperId: p._id, presenterEmail: p.presenterEmail })));
  const [adding, setAdding] = useState('');
  const [editing, setEditing] = useState(false);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const saved: Record<string, string> = { placePapers: 'Papers saved', updateSession: 'Session saved' };
  const note = !result
    ? null
    : result.ok
      ? result.intent && saved[result.intent]
        ? { ok: true, text: saved[result.intent]! }
        : null
      : { ok: false, text: result.error };
  const byId = new Map(papers.map((p) => [p._id, p]));
  const free = papers.filter((p) => !rows.some((r) => r.paperId === p._id));
  // A saved edit closes the form; the card shows the loader's new facts.
  useEffect(() => {
    if (result?.ok && result.intent === 'updateSession') setEditing(false);
  }, [result]);

  const move = (i: number, d: number) =>
    setRows((r) => {
      const next = [...r];
      const [item] = next.splice(i, 1);
      next.splice(i + d, 0, item!);
      return next;
    });

  const save = () => fetcher.submit({ intent: 'placePapers', id: session._id, placement: { papers: rows } }, post);
  const remove = () => {
    if (window.confirm(`Delete the session "${session.title}"?`)) fetcher.submit({ intent: 'deleteSession', id: session._id }, post);
  };
  const update = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    fetcher.submit({ intent: 'updateSession', id: session._id, patch: sessionFromForm(e.currentTarget, zone) }, post);
  };

  const headingId = `session-${session._id}`;
  return (
    <li className={cardClass()} aria-labelledby={headingId} data-testid="editor-session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-brand-900">
            {session.title}
          </h3>
          <p className="text-sm text-slate-700">
            {when(session, zone)} · {sessionLabel(session)}
            {session.room ? ` · ${session.room}` : ''}
            {session.link ? ' · online' : ''}
            {session.chair ? ` · Chair: ${session.chair}` : ''}
          </p>
          {session.link ? <p className="text-sm text-slate-700 wrap-anywhere">Link: {session.link}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button {...secondary} aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Close' : 'Edit'}
            <span className="sr-only"> session {session.title}</span>
          </Button>
          <Button onClick={remove} {...secondary}>
            Delete<span className="sr-only"> session {session.title}</span>
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          onSubmit={update}
          aria-label={`Edit session ${session.title}`}
          className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3"
        >
          <SessionFields session={session} zone={zone} idPrefix={`edit-${session._id}`} tracks={tracks} />
          <Button type="submit" className="mt-3 min-h-11" disabled={fetcher.state !== 'idle'}>
            Save session<span className="sr-only"> {session.title}</span>
          </Button>
        </form>
      ) : null}
      {session.kind === 'papers' ? (
        <>
          <ol className="mt-3 space-y-2">
            {rows.map((r, i) => {
              const p = byId.get(r.paperId);
              return (
                <li key={r.paperId} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2">
                  <span className="min-w-0 flex-1 basis-56 text-sm font-semibold text-slate-900">
                    {i + 1}. {p?.title ?? r.paperId}
                  </span>
                  <label className="text-sm text-slate-800">
                    Presenter{' '}
                    <select
                      value={r.presenterEmail}
                      onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, presenterEmail: e.target.value } : x)))}
                      className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
                    >
                      {(p?.authors ?? []).map((a) => (
                        <option key={a.email} value={a.email}>
                          {a.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button {...secondary} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${p?.title ?? 'paper'} up`}>
                    ↑
                  </Button>
                  <Button
                    {...secondary}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move ${p?.title ?? 'paper'} down`}
                  >
                    ↓
                  </Button>
                  <Button {...secondary} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    Remove<span className="sr-only"> {p?.title}</span>
                  </Button>
                </li>
              );
            })}
          </ol>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <label className="block min-w-0 flex-1 basis-64 text-sm font-semibold text-slate-800">
              Add an accepted paper
              <select value={adding} onChange={(e) => setAdding(e.target.value)} className={fieldClass}>
                <option value="">Choose a paper…</option>
                {free.map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.title}
                    {p.sessionId ? ' (in another session)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <Button
              {...secondary}
              disabled={!adding}
              onClick={() => {
                const p = byId.get(adding);
                if (p) setRows([...rows, { paperId: p._id, presenterEmail: p.authors[0]?.email ?? '' }]);
                setAdding('');
              }}
            >
              Add paper
            </Button>
            <Button className="min-h-11" onClick={save} disabled={fetcher.state !== 'idle'}>
              Save papers<span className="sr-only"> of {session.title}</span>
            </Button>
          </div>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">A slot without papers: it shows on the programme with its title, time and room.</p>
      )}
      {note ? (
        <p role={note.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${note.ok ? 'text-green-800' : 'text-red-800'}`}>
          {note.text}
        </p>
      ) : null}
    </li>
  );
}
