import { Link, redirect, useFetcher, useSearchParams } from 'react-router';
import { LOGIN_LINK_BAD } from '../../../core/schemas/auth';
import { logInWithLink } from '../../api/accounts';
import { messageOf } from '../../api/client';
import { afterLogin } from '../../lib/sign-in';
import { jsonBody } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { Route } from './+types/login-link';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Log in with your link') }, { name: 'robots', content: 'noindex' }];

/**
 * Logs in only on the button: opening the link (a mail scanner, a preview) uses nothing. Then, like /login,
 * the session is kept and the browser goes to the dashboard.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { token } = await jsonBody<{ token: string }>(request);
  try {
    // An account with a second factor goes to its code first (decision 0070).
    return redirect(afterLogin(await logInWithLink(token)));
  } catch (err) {
    if (err instanceof Response) throw err;
    return { ok: false as const, error: messageOf(err, LOGIN_LINK_BAD) };
  }
}

/** The page the one-time login link mails to (sent while an account's failed-login ceiling holds). */
export default function LoginLink() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Log in with your link</h1>
        <p className="mt-4 text-slate-800">
          Your account had many failed logins from elsewhere, so the password alone does not log in from a new place. This link, mailed
          after you typed the right password, logs you in once.
        </p>
        <Alert className="mt-5">{token ? error : LOGIN_LINK_BAD}</Alert>
        <Button
          type="button"
          className="mt-5"
          full
          disabled={busy || !token}
          onClick={() => fetcher.submit({ token }, { method: 'post', encType: 'application/json' })}
        >
          {busy ? 'Please wait…' : 'Log me in'}
        </Button>
        <Link to="/login" className="mt-5 block font-semibold text-brand-700 underline">
          Go to login
        </Link>
      </div>
    </div>
  );
}
