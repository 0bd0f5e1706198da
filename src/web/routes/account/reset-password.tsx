import type { FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { LinkToken, RESET_LINK_BAD, RESET_LINK_MISSING, ResetBody } from '../../../core/schemas/accounts';
import { resetPassword } from '../../api/accounts';
import { session } from '../../api/client';
import { actOr, jsonBody } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import type { Route } from './+types/reset-password';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Choose a new password') }, { name: 'robots', content: 'noindex' }];

/** The new password, checked by the signup rules first; after it, every earlier login token is refused, this browser's too. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const parsed = ResetBody.safeParse(await jsonBody<unknown>(request));
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues[0]?.message ?? 'Please check the form' };
  const result = await actOr(resetPassword(parsed.data), 'The password could not be changed. Please try again.');
  if (result.ok) session.clear();
  return result;
}

/** The page a password reset link opens: a new password, twice, with the signup rules. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const done = result?.ok ? result.data.message : null;
  const error = result && !result.ok ? result.error : null;
  const linkMissing = !LinkToken.safeParse(token).success;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    fetcher.submit(
      { token, password: String(f.get('password') ?? ''), confirmPassword: String(f.get('confirmPassword') ?? '') },
      { method: 'post', encType: 'application/json' },
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Choose a new password</h1>
        {linkMissing ? (
          <div className="mt-5 space-y-4">
            <Alert className="text-base">{RESET_LINK_MISSING}</Alert>
            <ForgotPasswordLink />
          </div>
        ) : done ? (
          <div className="mt-5 space-y-4">
            <Alert tone="success" className="text-base">
              {done}
            </Alert>
            <Link to="/login" className={buttonClass({ full: true })}>
              Go to login
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-5 space-y-4">
            <Field
              id="new-password"
              name="password"
              type="password"
              label="New password"
              autoComplete="new-password"
              required
              minLength={8}
              hint="At least 8 characters."
            />
            <Field
              id="confirm-password"
              name="confirmPassword"
              type="password"
              label="Confirm new password"
              autoComplete="new-password"
              required
            />
            <Alert>{error}</Alert>
            {error === RESET_LINK_BAD ? <ForgotPasswordLink /> : null}
            <Button type="submit" disabled={busy} full>
              {busy ? 'Please wait…' : 'Save new password'}
            </Button>
            <p className="text-center text-sm">
              <Link to="/login" className="font-semibold text-brand-700 underline">
                Back to login
              </Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}

/** To the login card with its "Forgot password?" panel open, where a new link is asked for. */
function ForgotPasswordLink() {
  return (
    <Link to="/login?forgot" className={buttonClass({ variant: 'secondary', full: true })}>
      Forgot password?
    </Link>
  );
}
