import { useEffect } from 'react';
import { redirect, useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { SessionJson } from '../../../core/schemas/sessions';
import { session } from '../../api/client';
import { endOtherSessions, endSession, listSessions } from '../../api/sessions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { actOr, jsonBody, loadOr } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { requireRole } from '../../lib/session';
import type { Route } from './+types/sessions';

export const meta = () => [{ title: appTitle('Sessions') }, { name: 'robots', content: 'noindex' }];

export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(listSessions(), 'Could not load your sessions. Please try again.');
}

type Intent = { intent: 'end'; sessionId: string; current: boolean } | { intent: 'end-others' };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  if (body.intent === 'end') {
    const result = await actOr(endSession(body.sessionId), 'Could not end that session. Please try again.', 'end');
    // Ending this device's own session signs it out here too.
    if (result.ok && body.current) {
      session.clear();
      return redirect('/login');
    }
    return result;
  }
  return actOr(endOtherSessions(), 'Could not end your other sessions. Please try again.', 'end-others');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

function SessionItem({ s, onEnd, busy }: { s: SessionJson; onEnd: () => void; busy: boolean }) {
  return (
    <Card
      as="li"
      className="flex flex-wrap items-start justify-between gap-3"
      aria-label={`${s.device}${s.current ? ', this device' : ''}`}
    >
      <div className="min-w-0">
        <p className="font-semibold text-brand-900">
          {s.device}
          {s.current ? (
            <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">This device</span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
          <dt>Address</dt>
          <dd className="break-all">{s.ip || 'unknown'}</dd>
          <dt>Signed in</dt>
          <dd>{formatDateTime(s.createdAt)}</dd>
          <dt>Last active</dt>
          <dd>{formatDateTime(s.lastSeenAt)}</dd>
        </dl>
      </div>
      <Button variant={s.current ? 'quiet' : 'danger'} size="sm" onClick={onEnd} disabled={busy}>
        {s.current ? 'Sign out here' : 'End session'}
      </Button>
    </Card>
  );
}

/** Decision 0071: where the account is signed in; any session, or all others, can be ended. */
export default function Sessions({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const others = loaderData.sessions.filter((s) => !s.current);

  useEffect(() => {
    if (result && 'ok' in result && result.ok) toast.success(result.data.message);
  }, [result]);

  const submit = (body: Intent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Sessions</h1>
      <p className="mt-2 text-slate-700">
        Where your account is signed in. If you see a device you do not know, end its session and change your password.
      </p>
      {loaderData.legacy ? (
        <Alert tone="info" className="mt-4">
          This device signed in before sessions were listed, so it is not shown below. Ending all other sessions keeps it signed in.
        </Alert>
      ) : null}
      <Alert className="mt-4">{result && 'ok' in result && !result.ok ? result.error : null}</Alert>
      <ul className="mt-6 space-y-3" aria-label="Your sessions">
        {loaderData.sessions.map((s) => (
          <SessionItem key={s._id} s={s} busy={busy} onEnd={() => submit({ intent: 'end', sessionId: s._id, current: s.current })} />
        ))}
      </ul>
      {others.length > 0 ? (
        <Button className="mt-6" variant="danger" disabled={busy} onClick={() => submit({ intent: 'end-others' })}>
          {busy ? 'Please wait…' : 'End all other sessions'}
        </Button>
      ) : (
        <p className="mt-6 text-slate-700">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
