import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MyRolesJson } from '../../core/schemas/accounts';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD, type Role } from '../../core/schemas/common';
import { getMyRoles, resendVerification, switchRole } from '../api/accounts';
import { messageOf, session } from '../api/client';

/**
 * In the login area's header: "Verify email" (mails the link again) while the address is not verified, and
 * the person's other roles under the same e-mail. Those this login proved
 * (same password, or both e-mails verified) switch at once; the others say to log in with their password.
 */
export function RoleSwitch(props: { user: UserJson; onSwitched: (user: UserJson) => void }) {
  const navigate = useNavigate();
  const [roles, setRoles] = useState<MyRolesJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    getMyRoles().then((r) => { if (live) setRoles(r); }, () => { if (live) setRoles(null); });
    return () => { live = false; };
  }, [props.user._id]);

  if (!roles) return null;

  async function resend() {
    setError(null);
    try {
      setSent((await resendVerification()).message);
    } catch (err) {
      setError(messageOf(err, 'The link could not be sent. Please try again later.'));
    }
  }

  const verify = roles.emailVerified ? null : sent
    ? <span role="status" className="text-slate-700">{sent}</span>
    : <button type="button" onClick={() => void resend()} className="rounded-md px-2 py-1 font-semibold text-brand-700 underline">Verify email</button>;

  if (roles.roles.length === 0) return <>{verify}{error ? <span role="alert" className="text-red-800">{error}</span> : null}</>;

  async function become(role: Role) {
    setError(null);
    setBusy(true);
    try {
      const res = await switchRole(role);
      session.save(res.token, res.user);
      props.onSwitched(res.user);
      navigate(DASHBOARD[res.user.role]);
    } catch (err) {
      setError(messageOf(err, 'Could not switch role. Please log in again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {verify}
      <div className="flex flex-wrap items-center gap-1" role="group" aria-labelledby={`${id}-label`}>
        <span id={`${id}-label`} className="text-slate-700">Switch role:</span>
        {roles.roles.map((r) => r.available ? (
          <button key={r.role} type="button" disabled={busy} onClick={() => void become(r.role)}
            className="rounded-md border border-brand-300 bg-white px-2.5 py-1 font-semibold text-brand-800 hover:bg-brand-100 disabled:opacity-60">
            {r.role}
          </button>
        ) : (
          <a key={r.role} href="/login" className="rounded-md px-2 py-1 text-slate-700 underline" title={`Log in with the password of your ${r.role} account`}>
            {r.role} (log in)
          </a>
        ))}
        {error ? <span role="alert" className="text-red-800">{error}</span> : null}
      </div>
    </>
  );
}
