import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaperJson } from '../../core/schemas/paper';
import type { Decision } from '../../core/schemas/review-cycle';
import { messageOf } from '../api/client';
import { getEditorPapers } from '../api/review';
import { getRegistrations, remindRegistration } from '../api/program';
import { notifyAuthors } from '../api/review-cycle';
import { DecisionControl, notifiedText } from '../components/editor-decision-control';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';

export const meta = () => [{ title: 'Decisions | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

type Filter = 'All' | 'Undecided' | Decision | 'Accepted, not registered';
const FILTERS: Filter[] = ['All', 'Undecided', 'Accepted', 'Rejected', 'Revision', 'Accepted, not registered'];
type Sort = 'newest' | 'mean-desc' | 'mean-asc';
type Mail = { to: string; subject: string; text: string };

const fmt = (n: number | null | undefined) => (n === null || n === undefined ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(2));

/** Every paper, page after page (200 a page, the API's most). */
async function loadAllPapers(): Promise<PaperJson[]> {
  const all: PaperJson[] = [];
  let cursor: string | undefined;
  do {
    const page = await getEditorPapers({ limit: 200, cursor });
    all.push(...page.papers);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

export default function EditorDecisions() {
  const navigate = useNavigate();
  const [papers, setPapers] = useState<PaperJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('All');
  const [sort, setSort] = useState<Sort>('mean-desc');
  const [preview, setPreview] = useState<Mail[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [registered, setRegistered] = useState<Map<string, boolean> | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const fail = (err: unknown, fallback: string) => {
    if (isSessionExpired(err)) navigate(LOGIN_FIRST);
    else setError(messageOf(err, fallback));
  };
  const reload = () => loadAllPapers().then(setPapers, (err) => { fail(err, 'Could not load the papers. Please try again.'); setPapers((p) => p ?? []); });
  useEffect(() => { void reload(); }, []);
  // Registration (issue 15) is read only when the editor asks for the accepted papers not yet registered.
  useEffect(() => {
    if (filter !== 'Accepted, not registered' || registered) return;
    getRegistrations().then((r) => setRegistered(new Map(r.papers.map((p) => [p._id, p.registered]))), (err) => fail(err, 'Could not load the registrations. Please try again.'));
  }, [filter, registered]);
  useEffect(() => { if (preview) dialog.current?.showModal(); }, [preview]);
  useEffect(() => { if (confirming) confirmButton.current?.focus(); }, [confirming]);

  const shown = useMemo(() => {
    const list = (papers ?? []).filter((p) => {
      if (filter === 'All') return true;
      if (filter === 'Undecided') return !p.decision;
      if (filter === 'Accepted, not registered') return p.decision === 'Accepted' && registered !== null && registered.get(p._id) !== true;
      return p.decision === filter;
    });
    if (sort === 'newest') return list;
    const dir = sort === 'mean-asc' ? 1 : -1;
    // Papers without reviews last, whichever the direction.
    return [...list].sort((a, b) => {
      const ma = a.reviewSummary?.mean ?? null; const mb = b.reviewSummary?.mean ?? null;
      if (ma === null || mb === null) return ma === mb ? 0 : ma === null ? 1 : -1;
      return (ma - mb) * dir;
    });
  }, [papers, filter, sort, registered]);

  const pending = (papers ?? []).filter((p) => p.decision && p.decision !== p.notifiedDecision).length;
  const decided = (papers ?? []).filter((p) => p.decision).length;

  const onPreview = async () => {
    setBusy('preview'); setError(null);
    try {
      const res = await notifyAuthors({ dryRun: true });
      setPreview(res.preview ?? []);
    } catch (err) {
      fail(err, 'Could not prepare the preview. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const onSend = async () => {
    setBusy('send'); setError(null);
    try {
      const res = await notifyAuthors({});
      setConfirming(false);
      setResult(`Sent ${res.sent}, skipped ${res.skipped}`);
      await reload();
    } catch (err) {
      fail(err, 'Could not send the notifications. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const onRemind = async () => {
    setBusy('send'); setError(null);
    try {
      const res = await remindRegistration(shown.map((p) => p._id));
      setResult(res.message);
    } catch (err) {
      fail(err, 'Could not send the reminders. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const onSaved = (paperId: string) => (next: { decision: Decision | null; notifiedDecision: Decision | null }) =>
    setPapers((list) => list?.map((p) => (p._id === paperId ? { ...p, ...next } : p)) ?? null);

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">← Research Papers</Link>
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <h1 className="text-2xl font-bold text-brand-900">Decisions</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={onPreview} disabled={busy !== null}
            className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50">
            {busy === 'preview' ? 'Preparing…' : 'Preview notifications'}
          </button>
          <button type="button" onClick={() => { setResult(null); setConfirming(true); }} disabled={busy !== null || confirming}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">Send…</button>
        </div>
      </div>
      <p className="mt-2 text-slate-700">
        {pending === 0 ? (decided === 0 ? 'No decision taken yet.' : 'Every decision has been sent to the authors.')
          : `${pending === 1 ? '1 decision is' : `${pending} decisions are`} not yet sent to the authors.`}
      </p>

      {confirming ? (
        <div role="alertdialog" aria-labelledby="send-title" aria-describedby="send-text" className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 id="send-title" className="text-lg font-semibold text-amber-900">Send the decisions?</h2>
          <p id="send-text" className="mt-1 text-amber-900">Each author whose paper has a decision they have not been told yet gets one e-mail with the decision and the reviewers’ comments to the authors. This cannot be undone.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button ref={confirmButton} type="button" onClick={onSend} disabled={busy !== null}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">{busy === 'send' ? 'Sending…' : 'Send notifications'}</button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100">Cancel</button>
          </div>
        </div>
      ) : null}
      <p role="status" className="mt-2 font-semibold text-green-800">{result}</p>
      {error ? <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}

      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Show</legend>
          <div className="mt-1 flex flex-wrap gap-1">
            {FILTERS.map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}
                className={`rounded-full border px-3 py-1 text-sm font-semibold ${filter === f ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}>{f}</button>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="decision-sort" className="block text-sm font-medium text-slate-700">Sort</label>
          <select id="decision-sort" value={sort} onChange={(e) => setSort(e.target.value as Sort)} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="mean-desc">Mean score, highest first</option>
            <option value="mean-asc">Mean score, lowest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
      </div>

      {papers === null ? <p className="mt-6 text-slate-600">Loading papers…</p> : null}
      {papers !== null ? <p className="mt-4 text-sm text-slate-600" aria-live="polite">{shown.length === 1 ? '1 paper' : `${shown.length} papers`}</p> : null}
      <ol aria-label="Papers and decisions" className="mt-2 space-y-3">
        {shown.map((p) => {
          const s = p.reviewSummary;
          return (
            <li key={p._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid md:grid-cols-[minmax(0,1fr)_15rem_15rem] md:items-center md:gap-4">
              <div className="min-w-0">
                <Link to={`/editor/view-more/${p._id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">{p.title}</Link>
                <p className="mt-0.5 text-sm text-slate-600">{notifiedText(p.decision, p.notifiedDecision)}</p>
              </div>
              <p className="mt-2 text-sm text-slate-800 md:mt-0">
                {s && s.count > 0 ? (
                  <>{s.count === 1 ? '1 review' : `${s.count} reviews`} · mean <span className="font-semibold">{fmt(s.mean)}</span> · <span className="whitespace-nowrap">{fmt(s.min)}–{fmt(s.max)}</span></>
                ) : 'No reviews yet'}
              </p>
              <div className="mt-2 md:mt-0">
                <DecisionControl paperId={p._id} title={p.title} decision={p.decision} onSaved={onSaved(p._id)} />
              </div>
            </li>
          );
        })}
      </ol>
      {papers !== null && shown.length === 0 ? <p className="mt-2 text-slate-700">No paper matches this filter.</p> : null}
      {filter === 'Accepted, not registered' && shown.length > 0 ? (
        <button type="button" onClick={onRemind} disabled={busy !== null}
          className="mt-3 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {shown.length === 1 ? 'Send a registration reminder to this author' : `Send a registration reminder to these ${shown.length} authors`}
        </button>
      ) : null}

      <dialog ref={dialog} aria-labelledby="preview-title" onClose={() => setPreview(null)}
        className="m-auto max-h-[85vh] w-[min(48rem,calc(100vw-1.5rem))] rounded-xl p-0 backdrop:bg-slate-900/50">
        <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
          <h2 id="preview-title" className="text-lg font-semibold text-brand-900">
            {preview?.length === 1 ? '1 e-mail would be sent' : `${preview?.length ?? 0} e-mails would be sent`}
          </h2>
          <button type="button" onClick={() => dialog.current?.close()} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100">Close</button>
        </div>
        <div className="space-y-4 p-4">
          {preview?.length === 0 ? <p className="text-slate-700">No decision is waiting to be sent: nothing would be sent now.</p> : null}
          {preview?.map((m, i) => (
            <article key={`${m.to}-${i}`} aria-label={`E-mail to ${m.to}: ${m.subject}`} className="rounded-lg border border-slate-200 p-3">
              <dl className="text-sm">
                <div><dt className="inline font-medium">To: </dt><dd className="inline break-all">{m.to}</dd></div>
                <div><dt className="inline font-medium">Subject: </dt><dd className="inline">{m.subject}</dd></div>
              </dl>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{m.text}</pre>
            </article>
          ))}
        </div>
      </dialog>
    </div>
  );
}
