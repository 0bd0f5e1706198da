import { useId, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { ForgotBody, type MailedAnswerJson } from '../../../core/schemas/accounts';
import type { Role } from '../../../core/schemas/common';
import { requestPasswordReset } from '../../api/accounts';
import { actOr, type ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';

export type ForgotIntent = { intent: 'forgot'; email: string; role: Role };

/** For the host route's clientAction (the login page): ask the server to mail a reset link. */
export async function forgotPassword({ email, role }: ForgotIntent): Promise<ActionResult<MailedAnswerJson>> {
  const parsed = ForgotBody.safeParse({ email, role });
  if (!parsed.success)
    return { ok: false, intent: 'forgot', error: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' };
  return actOr(requestPasswordReset(parsed.data), 'The reset link could not be requested. Please try again.', 'forgot');
}

/**
 * "Forgot password?" on the login card: asks for the e-mail of the role chosen above and mails a reset link.
 * `startOpen`: arrived from a reset page whose link was missing (/login?forgot), so the panel is open.
 */
export function ForgotPassword(props: { role: Role; startOpen?: boolean }) {
  const [open, setOpen] = useState(props.startOpen ?? false);
  const fetcher = useFetcher<ActionResult<MailedAnswerJson>>();
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const answer = result?.ok ? result.data : null;
  const error = result && !result.ok ? result.error : null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body: ForgotIntent = { intent: 'forgot', email: String(new FormData(e.currentTarget).get('email') ?? ''), role: props.role };
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  }

  return (
    <div className="mt-3 text-center text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        className="font-semibold text-brand-700 underline"
        onClick={() => {
          setOpen(!open);
          fetcher.reset();
        }}
      >
        Forgot password?
      </button>
      {open ? (
        <div id={`${id}-panel`} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
          {/* Without SMTP the answer says the link was kept, not sent (decision 0041): shown as a warning, not as done. */}
          {answer ? (
            <p
              role="status"
              className={answer.mail === 'outbox' ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900' : 'text-slate-800'}
            >
              {answer.message}
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-3">
              <p className="text-slate-700">
                We will mail a link to choose a new password for your <strong>{props.role}</strong> account.
              </p>
              <Field id={`${id}-email`} name="email" type="email" label="Email" autoComplete="email" required />
              <Alert>{error}</Alert>
              <Button type="submit" variant="secondary" full disabled={busy} className="bg-white">
                {busy ? 'Sending…' : 'Send reset link'}
              </Button>
            </form>
          )}
        </div>
      ) : null}
    </div>
  );
}
