import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { session } from '../../../api/client';
import { getSecuritySettings, resetSecondFactor, updateSecuritySettings } from '../../../api/signin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { appTitle } from '../../../lib/seo';
import { requireRole } from '../../../lib/session';
import type { Route } from './+types/editor-security';

export const meta = () => [{ title: appTitle('Security') }, { name: 'robots', content: 'noindex' }];

export async function clientLoader() {
  requireRole('Editor');
  return loadOr(getSecuritySettings(), 'Could not load the security settings. Please try again.');
}

type Intent = { intent: 'require'; on: boolean } | { intent: 'reset'; userId: string };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  if (body.intent === 'require') return actOr(updateSecuritySettings(body.on), 'Could not save the setting. Please try again.', 'require');
  return actOr(resetSecondFactor(body.userId), 'Could not reset the second factor. Please try again.', 'reset');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

/** Decision 0070: the editor requires a second factor of editors, track chairs and award panels, and resets a lost one. */
export default function EditorSecurity({ loaderData: data }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.intent === 'reset') toast.success((result.data as { message: string }).message);
    if (result?.ok && result.intent === 'require') toast.success('Saved');
  }, [result]);
  const submit = (body: Intent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  // Another editor resets one's own (the server refuses it too).
  const me = session.user()?._id;
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Security</h1>
      <Alert className="mt-4">{result && !result.ok ? result.error : null}</Alert>
      <Card className="mt-6">
        <h2 className="text-lg font-bold text-brand-900">Second factor</h2>
        <label className="mt-3 flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4"
            checked={data.requireSecondFactor}
            disabled={busy}
            onChange={(e) => submit({ intent: 'require', on: e.currentTarget.checked })}
          />
          <span>
            <span className="font-semibold text-slate-900">Require a second factor of editors, track chairs and award-panel members</span>
            <span className="block text-sm text-slate-700">
              Those without one may only set it up, from their next request on. Set up your own under Account security first.
            </span>
          </span>
        </label>
      </Card>
      <section aria-labelledby="people" className="mt-8">
        <h2 id="people" className="text-xl font-bold text-brand-900">
          People with a second factor, or due to set one up
        </h2>
        {data.people.length === 0 ? <p className="mt-2 text-slate-700">Nobody yet.</p> : null}
        <ul className="mt-3 space-y-3" aria-label="People">
          {data.people.map((p) => (
            <Card as="li" key={p.userId} className="flex flex-wrap items-center justify-between gap-3" aria-label={`${p.name} (${p.role})`}>
              <div className="min-w-0">
                <p className="font-semibold text-brand-900">
                  {p.name} <span className="font-normal text-slate-700">({p.role})</span>
                </p>
                <p className="break-all text-sm text-slate-700">
                  {p.email} · {p.enabled ? 'second factor on' : 'must set it up'}
                </p>
              </div>
              {p.enabled && p.userId !== me ? (
                <Button variant="danger" size="sm" disabled={busy} onClick={() => submit({ intent: 'reset', userId: p.userId })}>
                  Reset second factor of {p.name}
                </Button>
              ) : null}
            </Card>
          ))}
        </ul>
      </section>
    </div>
  );
}
