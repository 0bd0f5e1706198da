import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MyRolesJson } from '../../../core/schemas/accounts';
import type { Role } from '../../../core/schemas/common';
import { resendVerification, switchRole } from '../../api/accounts';
import { messageOf } from '../../api/client';
import { useFollowRedirect } from '../../lib/route-data';
import { afterLogin } from '../../lib/sign-in';

/**
 * In the login area's header: "Verify email" (mails the link again) while the address is not verified, and
 * the person's other roles under the same e-mail (read by the layout's loader). Those this login proved
 * (the same password opened them) switch at once; the others ask for their own password first (docs/product.md#accounts-and-verified-addresses:
 * a shared, even verified, address is no proof that both accounts are one person's).
 * The layout has no path a fetcher could post to, so the two writes are direct calls; a refused session
 * follows the redirect to log in, and a switch navigates, which runs the layout's loader for the new login.
 */
export function RoleSwitch({ roles }: { roles: MyRolesJson }) {
  const navigate = useNavigate();
  const followRedirect = useFollowRedirect();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [asking, setAsking] = useState<Role | null>(null);
  const id = useId();

  async function resend() {
    setError(null);
    try {
      setSent((await resendVerification()).message);
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The link could not be sent. Please try again later.'));
    }
  }

  async function become(role: Role, password?: string) {
    setError(null);
    setBusy(true);
    try {
      // The other account's own second factor, if it has one, is asked next (decision 0070).
      navigate(afterLogin(await switchRole(role, password)));
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'Could not switch role. Please log in again.'));
    } finally {
      setBusy(false);
    }
  }

  const verify = roles.emailVerified ? null : sent ? (
    <span role="status" className="text-slate-700">
      {sent}
    </span>
  ) : (
    <button type="button" onClick={() => void resend()} className="rounded-md px-2 py-1 font-semibold text-brand-700 underline">
      Verify email
    </button>
  );

  if (roles.roles.length === 0)
    return (
      <>
        {verify}
        {error ? (
          <span role="alert" className="text-red-800">
            {error}
          </span>
        ) : null}
      </>
    );

  return (
    <>
      {verify}
      <div className="flex flex-wrap items-center gap-1" role="group" aria-labelledby={`${id}-label`}>
        <span id={`${id}-label`} className="text-slate-700">
          Switch role:
        </span>
        {roles.roles.map((r) =>
          r.available ? (
            <button
              key={r.role}
              type="button"
              disabled={busy}
              onClick={() => void become(r.role)}
              className="rounded-md border border-brand-300 bg-white px-2.5 py-1 font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-60"
            >
              {r.role}
            </button>
          ) : (
            <button
              key={r.role}
              type="button"
              aria-expanded={asking === r.role}
              onClick={() => {
                setError(null);
                setAsking(asking === r.role ? null : r.role);
              }}
              className="rounded-md px-2 py-1 text-slate-700 underline"
            >
              {r.role} (password)
            </button>
          ),
        )}
        {asking ? (
          <form
            className="flex flex-wrap items-center gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              void become(asking, String(new FormData(e.currentTarget).get('password') ?? ''));
            }}
          >
            <label htmlFor={`${id}-password`} className="text-slate-700">
              Password of your {asking} account
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="w-40 rounded-md border border-slate-300 px-2 py-1"
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-brand-300 bg-white px-2.5 py-1 font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-60"
            >
              Switch
            </button>
          </form>
        ) : null}
        {error ? (
          <span role="alert" className="text-red-800">
            {error}
          </span>
        ) : null}
      </div>
    </>
  );
}
