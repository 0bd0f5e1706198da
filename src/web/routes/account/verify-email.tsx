import { Link, useFetcher, useSearchParams } from 'react-router';
import { DASHBOARD } from '../../../core/schemas/common';
import { verifyEmail } from '../../api/accounts';
import { session } from '../../api/client';
import { actOr, jsonBody } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { Route } from './+types/verify-email';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Confirm your email') }, { name: 'robots', content: 'noindex' }];

export function clientLoader() {
  return { user: session.user() };
}

/** Confirms only on the button: opening the link (a mail scanner, a curious click) confirms nothing (docs/product.md#accounts-and-verified-addresses). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { token } = await jsonBody<{ token: string }>(request);
  return actOr(verifyEmail(token), 'This verification link is not valid or has already been used.');
}

/** The page the verification mail links to. The mail names the account; this page asks before confirming. */
export default function VerifyEmail({ loaderData: { user } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Confirm your email</h1>
        {result ? (
          <Alert tone={result.ok ? 'success' : 'error'} className="mt-5 text-base">
            {result.ok ? result.data.message : result.error}
          </Alert>
        ) : (
          <>
            <p className="mt-4 text-slate-800">
              Confirm only if you created the account that the mail names (its role, name and sign-up time). If you did not sign up, close
              this page: the account then gets nothing tied to your address.
            </p>
            <Button
              type="button"
              className="mt-5"
              full
              disabled={busy || !token}
              onClick={() => fetcher.submit({ token }, { method: 'post', encType: 'application/json' })}
            >
              {busy ? 'Please wait…' : 'Confirm my email address'}
            </Button>
          </>
        )}
        <Link to={user ? DASHBOARD[user.role] : '/login'} className="mt-5 block font-semibold text-brand-700 underline">
          {user ? 'Go to your dashboard' : 'Go to login'}
        </Link>
      </div>
    </div>
  );
}
