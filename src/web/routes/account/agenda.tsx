import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { ProgramSessionJson } from '../../../core/schemas/program';
import { messageOf } from '../../api/client';
import { downloadAgendaIcs, getAgenda, getProgram, starSession, unstarSession } from '../../api/programme';
import { dayKey, formatTime, formatWeekdayDate } from '../../lib/format';
import { actOr, jsonBody, loadOr, useFollowRedirect, type ActionResult } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { Route } from './+types/agenda';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('My agenda') }, { name: 'robots', content: 'noindex' }];

/**
 * A signed-in participant's personal agenda: the published programme with a star on each session, the starred ones
 * kept as their agenda, downloadable as a calendar file. Here in the login area, so the public /program page loads
 * no more JavaScript (decision 0030).
 */
export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  const [program, agenda] = await Promise.all([
    loadOr(getProgram(), 'Could not load the programme. Please try again.'),
    loadOr(getAgenda(), 'Could not load your agenda. Please try again.'),
  ]);
  return { program, starred: agenda.sessionIds };
}

type Toggle = { id: string; star: boolean };
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id, star } = await jsonBody<Toggle>(request);
  return actOr(star ? starSession(id) : unstarSession(id), 'Your agenda could not be saved. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

const post = { method: 'post', encType: 'application/json' } as const;

function SessionRow({ session, starred, zone }: { session: ProgramSessionJson; starred: boolean; zone: string }) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  const pending = fetcher.state !== 'idle';
  // Shown as it will be while the change is on its way.
  const on = pending ? !starred : starred;
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <Card as="li" aria-label={session.title} data-testid="agenda-session">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold text-brand-900">
            <span className="tabular-nums">
              {formatTime(session.start, zone)}–{formatTime(session.end, zone)}
            </span>{' '}
            {session.title}
          </p>
          <p className="text-sm text-slate-700">
            {session.label}
            {session.room ? ` · ${session.room}` : ''}
            {session.chair ? ` · ${session.kind === 'papers' ? 'Chair' : 'Chair or speaker'}: ${session.chair}` : ''}
          </p>
          {session.papers.length ? (
            <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm text-slate-800">
              {session.papers.map((p) => (
                <li key={p._id}>
                  {p.title} <span className="text-slate-700">— {p.presenter}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
        <Button
          variant="quiet"
          size="sm"
          className="min-h-11 bg-white"
          aria-pressed={on}
          disabled={pending}
          onClick={() => fetcher.submit({ id: session._id, star: !starred } satisfies Toggle, post)}
        >
          {on ? '★ In my agenda' : '☆ Add to my agenda'}
          <span className="sr-only">: {session.title}</span>
        </Button>
      </div>
      <Alert className="mt-2">{failed}</Alert>
    </Card>
  );
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { program, starred } = loaderData;
  const followRedirect = useFollowRedirect();
  const [error, setError] = useState('');
  const zone = program.timeZone;
  const mine = new Set(starred);
  const byDay = new Map<string, ProgramSessionJson[]>();
  for (const s of program.sessions) byDay.set(dayKey(s.start, zone), [...(byDay.get(dayKey(s.start, zone)) ?? []), s]);

  async function download() {
    setError('');
    try {
      await downloadAgendaIcs();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The calendar file could not be downloaded. Please try again.'));
    }
  }

  return (
    <section aria-labelledby="agenda-heading" className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="agenda-heading" className="text-2xl font-bold text-brand-900">
          My agenda
        </h1>
        <Button onClick={download} className="min-h-11" disabled={starred.length === 0}>
          Add to calendar (ICS)
        </Button>
      </div>
      <p className="text-slate-700">
        Star the sessions you want to attend: {starred.length === 1 ? '1 session' : `${starred.length} sessions`} in your agenda. Times are{' '}
        {program.zoneLabel}.
      </p>
      <Alert>{error}</Alert>
      {program.sessions.length === 0 ? <p className="text-slate-700">The programme will be published here soon.</p> : null}
      {[...byDay].map(([key, list]) => (
        <section key={key} aria-labelledby={`agenda-day-${key}`}>
          <h2 id={`agenda-day-${key}`} className="text-lg font-bold text-brand-900">
            {formatWeekdayDate(key, zone)}
          </h2>
          <ul className="mt-3 space-y-3">
            {list.map((s) => (
              <SessionRow key={s._id} session={s} starred={mine.has(s._id)} zone={zone} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
