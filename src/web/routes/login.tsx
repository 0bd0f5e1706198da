import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { LoginBody } from '../../core/schemas/auth';
import { DASHBOARD, ROLES, type Role } from '../../core/schemas/common';
import { logIn, signUp } from '../api/auth';
import { messageOf, session } from '../api/client';
import { ForgotPassword } from '../components/forgot-password';
import { takeReturnTo } from '../components/return-to';
import { TagMultiSelect } from '../components/tag-multi-select';

export const meta = () => [{ title: 'Login / Signup | IMSE 2025' }, { name: 'robots', content: 'noindex' }];

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600';

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [role, setRole] = useState<Role>('Author');
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = session.user();

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const f = new FormData(e.currentTarget);
    const email = String(f.get('email') ?? '').trim();
    const password = String(f.get('password') ?? '');
    setBusy(true);
    try {
      if (mode === 'login') {
        const parsed = LoginBody.safeParse({ email, password, role });
        if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? MESSAGES.loginFailed); return; }
        const res = await logIn(parsed.data);
        session.save(res.token, res.user);
        // After 'Please login first': back to the page asked for (its own loader sends another role to their dashboard).
        const wanted = params.get('reason') === 'login' ? takeReturnTo() : null;
        navigate(wanted ?? DASHBOARD[res.user.role]);
      } else {
        const name = String(f.get('name') ?? '').trim() || email.split('@')[0] || '';
        const res = await signUp({
          name, email, password, confirmPassword: String(f.get('confirmPassword') ?? ''), role,
          tags: role === 'Reviewer' ? tags : [],
        });
        session.save(res.token, res.user);
        navigate(DASHBOARD[res.user.role]);
      }
    } catch (err) {
      setError(messageOf(err, mode === 'login' ? MESSAGES.loginFailed : MESSAGES.signupFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md">
      {params.get('reason') === 'login' ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{MESSAGES.pleaseLogin}</p>
      ) : null}
      {current ? (
        <p className="mb-4 rounded-md bg-brand-50 px-4 py-3 text-sm">
          You are logged in as {current.name} ({current.role}). <Link className="font-semibold text-brand-700 underline" to={DASHBOARD[current.role]}>Go to your dashboard</Link>
        </p>
      ) : null}
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{mode === 'login' ? 'Login' : 'Signup'}</h1>
        <fieldset className="mt-5">
          <legend className="text-sm font-medium text-slate-700">I am</legend>
          <div className="mt-2 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
            {ROLES.map((r) => (
              <label key={r} className={`cursor-pointer rounded-md px-2 py-2 text-center text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500 ${role === r ? 'bg-white text-brand-800 shadow' : 'text-slate-700'}`}>
                <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} className="sr-only" />
                {r}
              </label>
            ))}
          </div>
        </fieldset>
        <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate={false}>
          {mode === 'signup' ? (
            <div>
              <label htmlFor="name" className="block text-sm font-medium text-slate-700">Full name</label>
              <input id="name" name="name" autoComplete="name" required className={input} />
            </div>
          ) : null}
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-700">Email</label>
            <input id="email" name="email" type="email" autoComplete="email" required className={input} />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium text-slate-700">Password</label>
            <input id="password" name="password" type="password" required minLength={mode === 'signup' ? 8 : undefined}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'} className={input} />
          </div>
          {mode === 'signup' ? (
            <div>
              <label htmlFor="confirmPassword" className="block text-sm font-medium text-slate-700">Confirm password</label>
              <input id="confirmPassword" name="confirmPassword" type="password" required autoComplete="new-password" className={input} />
            </div>
          ) : null}
          {mode === 'signup' && role === 'Reviewer' ? <TagMultiSelect label="Tags (your review topics)" value={tags} onChange={setTags} /> : null}
          {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
          <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
            {busy ? 'Please wait…' : mode === 'login' ? 'Login' : 'Signup'}
          </button>
        </form>
        {mode === 'login' ? <ForgotPassword role={role} /> : null}
        <p className="mt-5 text-center text-sm text-slate-700">
          {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => { setMode(mode === 'login' ? 'signup' : 'login'); setError(null); }}>
            {mode === 'login' ? 'Signup' : 'Login'}
          </button>
        </p>
      </div>
    </div>
  );
}
