import { useEffect, useRef, useState } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import type { OidcCompleteJson } from '../../../core/schemas/signin';
import { messageOf } from '../../api/client';
import { completeOidc } from '../../api/signin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { jsonBody } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { afterLogin } from '../../lib/sign-in';
import type { Route } from './+types/login-oidc';

export const meta = () => [{ title: appTitle('Signing in') }, { name: 'robots', content: 'noindex' }];

type Asked = Extract<OidcCompleteJson, { passwordNeeded: true } | { emailNeeded: true }>;
type Answer = { ok: false; error: string } | { ok: true; asked: Asked } | { ok: true; linked: string };

/**
 * Where a provider sign-in lands (decision 0070): the one-time ticket is in the address's fragment; the app collects
 * the outcome with it, and asks for the password of an account with the same address, or for an address.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Answer | Response> {
  const body = await jsonBody<{ ticket: string; password?: string; email?: string }>(request);
  try {
    const res = await completeOidc(body);
    if ('passwordNeeded' in res || 'emailNeeded' in res) return { ok: true, asked: res };
    if ('linked' in res) return { ok: true, linked: res.message };
    return redirect(afterLogin(res, res.returnTo || null));
  } catch (err) {
    if (err instanceof Response) throw err;
    return { ok: false, error: messageOf(err, 'The sign-in could not be finished. Please start again from the login page.') };
  }
}

const ticketOf = () => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.hash.slice(1)).get('ticket') ?? ''));

export default function LoginOidc() {
  const fetcher = useFetcher<Answer>();
  const started = useRef(false);
  const ticket = ticketOf();
  const submit = (extra: { password?: string; email?: string } = {}) =>
    fetcher.submit({ ticket, ...extra }, { method: 'post', encType: 'application/json' });
  useEffect(() => {
    if (started.current || !ticket) return;
    started.current = true;
    submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the ticket of the address
  }, [ticket]);
  const busy = fetcher.state !== 'idle';
  const data = fetcher.data;
  // The question stays on screen after a wrong answer, with the answer's message below it.
  const [asked, setAsked] = useState<Asked | null>(null);
  useEffect(() => {
    if (data && data.ok && 'asked' in data) setAsked(data.asked);
  }, [data]);
  const error = !ticket ? 'This sign-in has expired. Please start again from the login page.' : data && !data.ok ? data.error : null;

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{asked ? 'One more step' : 'Signing in'}</h1>
        {data && data.ok && 'linked' in data ? (
          <p role="status" className="mt-4 text-slate-800">
            {data.linked}.{' '}
            <Link to="/account/security" className="font-semibold text-brand-700 underline">
              Back to Account security
            </Link>
          </p>
        ) : null}
        {!data && busy ? <p className="mt-4 text-slate-800">Please wait…</p> : null}
        {asked ? (
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              submit(
                'passwordNeeded' in asked ? { password: String(f.get('password') ?? '') } : { email: String(f.get('email') ?? '').trim() },
              );
            }}
          >
            <p className="text-slate-800">{asked.message}</p>
            {'passwordNeeded' in asked ? (
              <Field id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
            ) : (
              <Field id="email" name="email" type="email" label="Email" autoComplete="email" required />
            )}
            <Button type="submit" disabled={busy} full>
              {busy ? 'Please wait…' : 'passwordNeeded' in asked ? `Link ${asked.provider} and log in` : 'Continue'}
            </Button>
          </form>
        ) : null}
        <Alert className="mt-4">{error}</Alert>
        <Link to="/login" className="mt-5 block font-semibold text-brand-700 underline">
          Back to login
        </Link>
      </div>
    </div>
  );
}
