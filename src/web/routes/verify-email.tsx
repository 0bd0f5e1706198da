import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD } from '../../core/schemas/common';
import { verifyEmail } from '../api/accounts';
import { messageOf, session } from '../api/client';

export const meta = () => [{ title: 'Confirm your email | IMSE 2025' }, { name: 'robots', content: 'noindex' }];

// A link works once: a second effect run (development's StrictMode, a re-render) reuses the first answer.
const attempts = new Map<string, Promise<{ ok: boolean; text: string }>>();
const attempt = (token: string) => {
  let p = attempts.get(token);
  if (!p) {
    p = verifyEmail(token).then(
      (res) => ({ ok: true, text: res.message }),
      (err: unknown) => ({ ok: false, text: messageOf(err, 'This verification link is not valid or has already been used.') }),
    );
    attempts.set(token, p);
  }
  return p;
};

/** The page the verification mail links to: confirms the address as soon as it opens. */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void attempt(token).then((r) => { if (live) setResult(r); });
    return () => { live = false; };
  }, [token]);

  const user = session.user();
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Confirm your email</h1>
        {result === null ? <p role="status" className="mt-5 text-slate-700">Checking the link…</p> : (
          <p role={result.ok ? 'status' : 'alert'} className={`mt-5 rounded-md px-4 py-3 ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}>{result.text}</p>
        )}
        <Link to={user ? DASHBOARD[user.role] : '/login'} className="mt-5 block font-semibold text-brand-700 underline">
          {user ? 'Go to your dashboard' : 'Go to login'}
        </Link>
      </div>
    </div>
  );
}
