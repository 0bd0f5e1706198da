import { Link } from 'react-router';
import { DASHBOARD } from '../../core/schemas/common';
import { verifyEmail } from '../api/accounts';
import { messageOf, session } from '../api/client';
import { Alert } from '../components/ui/alert';
import type { Route } from './+types/verify-email';

export const meta = () => [{ title: 'Confirm your email | IMSE 2025' }, { name: 'robots', content: 'noindex' }];

// A link works once: a second run of the loader (a revalidation) reuses the first answer.
const attempts = new Map<string, Promise<{ ok: boolean; text: string }>>();
const attempt = (token: string) => {
  let p = attempts.get(token);
  if (!p) {
    p = verifyEmail(token).then(
      (res) => ({ ok: true, text: res.message }),
      (err: unknown) => {
        if (err instanceof Response) throw err;
        return { ok: false, text: messageOf(err, 'This verification link is not valid or has already been used.') };
      },
    );
    attempts.set(token, p);
  }
  return p;
};

/** The page the verification mail links to: the address is confirmed as the page opens. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const result = await attempt(new URL(request.url).searchParams.get('token') ?? '');
  return { result, user: session.user() };
}

export default function VerifyEmail({ loaderData: { result, user } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Confirm your email</h1>
        <Alert tone={result.ok ? 'success' : 'error'} className="mt-5 text-base">{result.text}</Alert>
        <Link to={user ? DASHBOARD[user.role] : '/login'} className="mt-5 block font-semibold text-brand-700 underline">
          {user ? 'Go to your dashboard' : 'Go to login'}
        </Link>
      </div>
    </div>
  );
}
