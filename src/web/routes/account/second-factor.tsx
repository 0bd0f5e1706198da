import { Link, redirect, useFetcher } from 'react-router';
import { SECOND_FACTOR_EXPIRED } from '../../../core/schemas/signin';
import { messageOf, session } from '../../api/client';
import { completeSecondFactor } from '../../api/signin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { jsonBody } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { clearPendingLogin, pendingLogin } from '../../lib/sign-in';
import { DASHBOARD } from '../../../core/schemas/common';
import type { Route } from './+types/second-factor';

export const meta = () => [{ title: appTitle('Second factor') }, { name: 'robots', content: 'noindex' }];

export const clientLoader = () => ({ pending: pendingLogin() !== null });

/** The second step of a login (decision 0070): the code of the authenticator app, or a recovery code. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { code } = await jsonBody<{ code: string }>(request);
  const pending = pendingLogin();
  if (!pending) return { ok: false as const, error: SECOND_FACTOR_EXPIRED };
  try {
    const res = await completeSecondFactor({ ticket: pending.ticket, code });
    clearPendingLogin();
    session.save(res.token, res.user);
    return redirect(pending.to ?? DASHBOARD[res.user.role]);
  } catch (err) {
    if (err instanceof Response) throw err;
    return { ok: false as const, error: messageOf(err, 'The code could not be checked. Please try again.') };
  }
}

export default function SecondFactor({ loaderData: { pending } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Second factor</h1>
        {pending ? (
          <form
            className="mt-5 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const code = String(new FormData(e.currentTarget).get('code') ?? '');
              fetcher.submit({ code }, { method: 'post', encType: 'application/json' });
            }}
          >
            <p className="text-slate-800">
              Enter the 6-digit code your authenticator app shows for this site, or one of your recovery codes.
            </p>
            <Field id="code" name="code" label="Code" autoComplete="one-time-code" inputMode="text" required autoFocus />
            <Alert>{error}</Alert>
            <Button type="submit" disabled={busy} full>
              {busy ? 'Please wait…' : 'Continue'}
            </Button>
          </form>
        ) : (
          <Alert className="mt-5">{SECOND_FACTOR_EXPIRED}</Alert>
        )}
        <Link to="/login" className="mt-5 block font-semibold text-brand-700 underline">
          Back to login
        </Link>
      </div>
    </div>
  );
}
