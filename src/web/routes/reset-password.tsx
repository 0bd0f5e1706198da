import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetBody } from '../../core/schemas/accounts';
import { resetPassword } from '../api/accounts';
import { messageOf, session } from '../api/client';

export const meta = () => [{ title: 'Choose a new password | IMSE 2025' }, { name: 'robots', content: 'noindex' }];

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600';

/** The page a password reset link opens: a new password, twice, with the signup rules. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const f = new FormData(e.currentTarget);
    const parsed = ResetBody.safeParse({ token, password: String(f.get('password') ?? ''), confirmPassword: String(f.get('confirmPassword') ?? '') });
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? 'Please check the form'); return; }
    setBusy(true);
    try {
      const res = await resetPassword(parsed.data);
      // Every login token issued before the reset is refused now, this browser's too.
      session.clear();
      setDone(res.message);
    } catch (err) {
      setError(messageOf(err, 'The password could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Choose a new password</h1>
        {done ? (
          <div className="mt-5 space-y-4">
            <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-green-900">{done}</p>
            <Link to="/login" className="block w-full rounded-md bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-800">Go to login</Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-5 space-y-4">
            <div>
              <label htmlFor="new-password" className="block text-sm font-medium text-slate-700">New password</label>
              <input id="new-password" name="password" type="password" autoComplete="new-password" required minLength={8} aria-describedby="password-rule" className={input} />
              <p id="password-rule" className="mt-1 text-sm text-slate-600">At least 8 characters.</p>
            </div>
            <div>
              <label htmlFor="confirm-password" className="block text-sm font-medium text-slate-700">Confirm new password</label>
              <input id="confirm-password" name="confirmPassword" type="password" autoComplete="new-password" required className={input} />
            </div>
            {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
            <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
              {busy ? 'Please wait…' : 'Save new password'}
            </button>
            <p className="text-center text-sm"><Link to="/login" className="font-semibold text-brand-700 underline">Back to login</Link></p>
          </form>
        )}
      </div>
    </div>
  );
}
