import { useId, useState, type FormEvent } from 'react';
import { ForgotBody } from '../../core/schemas/accounts';
import type { Role } from '../../core/schemas/common';
import { requestPasswordReset } from '../api/accounts';
import { messageOf } from '../api/client';

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600';

/** "Forgot password?" on the login card: asks for the e-mail of the role chosen above and mails a reset link. */
export function ForgotPassword(props: { role: Role }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const parsed = ForgotBody.safeParse({ email: String(new FormData(e.currentTarget).get('email') ?? ''), role: props.role });
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address'); return; }
    setBusy(true);
    try {
      setAnswer((await requestPasswordReset(parsed.data)).message);
    } catch (err) {
      setError(messageOf(err, 'The reset link could not be requested. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 text-center text-sm">
      <button type="button" aria-expanded={open} aria-controls={`${id}-panel`} className="font-semibold text-brand-700 underline"
        onClick={() => { setOpen(!open); setAnswer(null); setError(null); }}>
        Forgot password?
      </button>
      {open ? (
        <div id={`${id}-panel`} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
          {answer ? <p role="status" className="text-slate-800">{answer}</p> : (
            <form onSubmit={submit} noValidate className="space-y-3">
              <p className="text-slate-700">We will mail a link to choose a new password for your <strong>{props.role}</strong> account.</p>
              <div>
                <label htmlFor={`${id}-email`} className="block font-medium text-slate-700">Email</label>
                <input id={`${id}-email`} name="email" type="email" autoComplete="email" required className={input} />
              </div>
              {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
              <button type="submit" disabled={busy} className="w-full rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60">
                {busy ? 'Sending…' : 'Send reset link'}
              </button>
            </form>
          )}
        </div>
      ) : null}
    </div>
  );
}
