import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { AWARD_SCORE_MAX, AWARD_SCORE_MIN } from '../../../core/awards-programme';
import { NOMINATION_STATUS_LABELS, type PanelMemberJson, type PanelNominationJson } from '../../../core/schemas/award';
import {
  addPanelMember,
  decideNomination,
  downloadNominationCv,
  listPanelMembers,
  listPanelNominations,
  removePanelMember,
  scoreNomination,
} from '../../api/awards';
import { messageOf } from '../../api/client';
import { loadOr, useFollowRedirect } from '../../lib/route-data';
import { formatDate } from '../../lib/format';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Field } from '../../components/ui/field';
import type { Route } from './+types/award-panel';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Award panel') }, { name: 'robots', content: 'noindex' }];

/** The panel (the editor and the people the editor named) reads the year's nominations; the server refuses anyone else. */
export async function clientLoader() {
  const user = requireRole('Author', 'Editor', 'Reviewer');
  const panel = await loadOr(listPanelNominations(), 'Could not load the nominations. Please try again.');
  const members = panel.canDecide && user.role === 'Editor' ? await loadOr(listPanelMembers(), 'Could not load the panel members.') : null;
  return { panel, members: members?.members ?? null };
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

const STATUS_TONE: Record<string, string> = {
  submitted: 'bg-amber-100 text-amber-900',
  awarded: 'bg-green-100 text-green-900',
  'not-awarded': 'bg-slate-200 text-slate-800',
};
const SCORES = Array.from({ length: AWARD_SCORE_MAX - AWARD_SCORE_MIN + 1 }, (_, i) => AWARD_SCORE_MIN + i);

/** Runs one call, says its answer in a toast or its refusal in the card, and reloads the page's data. */
function useAct() {
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function act(work: () => Promise<{ message: string } | unknown>, said?: string) {
    setBusy(true);
    setError(null);
    try {
      const res = await work();
      toast.success(said ?? (res as { message: string }).message);
      await revalidator.revalidate();
      return true;
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'That did not work. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, act };
}

function Members({ members }: { members: PanelMemberJson[] }) {
  const { busy, error, act } = useAct();
  const [email, setEmail] = useState('');
  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    if (await act(() => addPanelMember(email), `${email} is on the panel`)) setEmail('');
  };
  return (
    <Card className="mt-6" aria-labelledby="panel-members">
      <h2 id="panel-members" className="text-lg font-semibold text-brand-900">
        Panel members
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Editors are on the panel. Name others by the address they signed up with; they score once their address is verified.
      </p>
      {members.length ? (
        <ul className="mt-3 divide-y divide-slate-200">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-slate-900">
                {m.name}{' '}
                <span className="text-slate-600">
                  ({m.email}, {m.role})
                </span>
              </span>
              <Button
                variant="quiet"
                size="sm"
                disabled={busy}
                onClick={() => void act(() => removePanelMember(m.userId), `${m.name} is off the panel`)}
              >
                Remove<span className="sr-only"> {m.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">Nobody named yet.</p>
      )}
      <form onSubmit={(e) => void onAdd(e)} className="mt-3 flex flex-wrap items-end gap-3">
        <Field
          label="Member’s email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={busy}>
          Add to the panel
        </Button>
      </form>
      <Alert className="mt-2">{error}</Alert>
    </Card>
  );
}

function Nomination({ n, canDecide }: { n: PanelNominationJson; canDecide: boolean }) {
  const { busy, error, act } = useAct();
  const [score, setScore] = useState(String(n.myScore?.score ?? ''));
  const [comment, setComment] = useState(n.myScore?.comment ?? '');
  const open = n.status === 'submitted';
  const headingId = `nomination-${n.id}`;
  const onScore = (e: FormEvent) => {
    e.preventDefault();
    void act(() => scoreNomination(n.id, { score: Number(score), comment }));
  };
  return (
    <Card as="li" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold text-brand-900">
            {n.nomineeName}
          </h2>
          <p className="break-words text-slate-800">
            {n.category} · {n.designation}, {n.affiliation}
          </p>
          <p className="break-words text-sm text-slate-700">
            Nominated by {n.nominatedBy.name} on {formatDate(n.createdAt)}
            {open ? ` · waiting ${n.waitingDays} ${n.waitingDays === 1 ? 'day' : 'days'}` : ''}
            {n.age !== null ? ` · age ${n.age}` : ''}
            {n.studentStatus ? ` · ${n.studentStatus} student` : ''}
          </p>
        </div>
        <div className="text-right">
          <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[n.status]}`}>
            {NOMINATION_STATUS_LABELS[n.status]}
          </span>
          {n.awardId ? <p className="mt-1 font-mono text-sm text-brand-900">Award id {n.awardId}</p> : null}
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-slate-800">{n.statement}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void downloadNominationCv(n.id, `CV - ${n.nomineeName}.pdf`).catch(() => toast.error('The CV could not be downloaded.'))
          }
        >
          Download CV<span className="sr-only"> of {n.nomineeName}</span>
        </Button>
      </div>
      <div className="mt-4">
        <h3 className="font-semibold text-brand-900">
          Scores{' '}
          {n.average !== null ? (
            <span className="font-normal text-slate-800">
              · average {n.average.toFixed(1)} of {AWARD_SCORE_MAX} ({n.scores.length})
            </span>
          ) : null}
        </h3>
        {n.scores.length ? (
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {n.scores.map((s) => (
              <li key={s.panelistId} className="break-words">
                <span className="font-semibold">
                  {s.panelistName}: {s.score}
                </span>
                {s.comment ? ` — ${s.comment}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-700">No scores yet.</p>
        )}
      </div>
      {open ? (
        <form onSubmit={onScore} className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <Field label="Your score">
            {(c) => (
              <select {...c} required value={score} onChange={(e) => setScore(e.target.value)}>
                <option value="">1 to 10…</option>
                {SCORES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Comment (optional)" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
          <Button type="submit" disabled={busy}>
            {n.myScore ? 'Change score' : 'Save score'}
          </Button>
        </form>
      ) : null}
      {open && canDecide ? (
        <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          <ConfirmButton
            disabled={busy}
            aria-label={`Award ${n.nomineeName}`}
            title={`Award ${n.nomineeName}?`}
            body={
              <p>
                The {n.category} goes to {n.nomineeName}: an award id is given, the nominee and the nominator are mailed, and the award
                certificate can be issued. This is not undone here.
              </p>
            }
            confirmLabel="Award"
            onConfirm={() => void act(() => decideNomination(n.id, { decision: 'awarded' }))}
          >
            Award<span className="sr-only"> {n.nomineeName}</span>
          </ConfirmButton>
          <Button variant="secondary" disabled={busy} onClick={() => void act(() => decideNomination(n.id, { decision: 'not-awarded' }))}>
            Not awarded<span className="sr-only">: {n.nomineeName}</span>
          </Button>
        </div>
      ) : null}
      <Alert className="mt-3">{error}</Alert>
    </Card>
  );
}

/** Decision 0044: the award panel scores the year's nominations; the editor names the panel and decides. */
export default function AwardPanel({ loaderData: { panel, members } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold text-brand-900">Award panel {panel.year}</h1>
      <p className="mt-2 text-slate-700">
        Score each nomination from {AWARD_SCORE_MIN} to {AWARD_SCORE_MAX} with a comment.{' '}
        {panel.canDecide
          ? 'You decide: the nominee and the nominator are told at once, and an awardee gets an award id and a certificate.'
          : 'The editor decides.'}
      </p>
      {members ? <Members members={members} /> : null}
      {panel.nominations.length ? (
        <ul className="mt-6 space-y-4" aria-label="Nominations">
          {panel.nominations.map((n) => (
            <Nomination key={n.id} n={n} canDecide={panel.canDecide} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">No nominations yet.</p>
      )}
    </div>
  );
}
