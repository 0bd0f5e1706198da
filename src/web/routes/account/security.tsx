import { useEffect, useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AccountSecurityJson } from '../../../core/schemas/signin';
import { getAccountSecurity, startLink, startTotp, confirmTotp, disableTotp, unlinkIdentity } from '../../api/signin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { formatDateTime } from '../../lib/format';
import { actOr, jsonBody, loadOr } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { requireRole } from '../../lib/session';
import type { Route } from './+types/security';

export const meta = () => [{ title: appTitle('Account security') }, { name: 'robots', content: 'noindex' }];

export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(getAccountSecurity(), 'Could not load your account security. Please try again.');
}

type Intent =
  | { intent: 'link'; provider: string; password: string }
  | { intent: 'unlink'; identityId: string }
  | { intent: 'enrol' }
  | { intent: 'confirm'; code: string }
  | { intent: 'disable'; code: string };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  switch (body.intent) {
    case 'link': {
      const result = await actOr(startLink(body.provider, body.password), 'Could not start linking. Please try again.', 'link');
      // Off to the provider; it sends the browser back to /login/oidc.
      if (result.ok) window.location.assign(result.data.url);
      return result;
    }
    case 'unlink':
      return actOr(unlinkIdentity(body.identityId), 'Could not unlink it. Please try again.', 'unlink');
    case 'enrol':
      return actOr(startTotp(), 'Could not start setting up the app. Please try again.', 'enrol');
    case 'confirm':
      return actOr(confirmTotp(body.code), 'Could not turn the second factor on. Please try again.', 'confirm');
    case 'disable':
      return actOr(disableTotp(body.code), 'Could not turn the second factor off. Please try again.', 'disable');
  }
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

const codeOf = (e: React.FormEvent<HTMLFormElement>) => String(new FormData(e.currentTarget).get('code') ?? '').trim();

function Identities({ data, submit, busy }: { data: AccountSecurityJson; submit: (i: Intent) => void; busy: boolean }) {
  const [linking, setLinking] = useState<string | null>(null);
  const unlinked = data.providers.filter((p) => !data.identities.some((i) => i.provider === p.id));
  if (data.providers.length === 0 && data.identities.length === 0) return null;
  return (
    <section aria-labelledby="sign-ins" className="mt-8">
      <h2 id="sign-ins" className="text-xl font-bold text-brand-900">
        Sign-in with ORCID or your institution
      </h2>
      {data.identities.length === 0 ? <p className="mt-2 text-slate-700">No sign-in is linked to this account.</p> : null}
      <ul className="mt-3 space-y-3" aria-label="Linked sign-ins">
        {data.identities.map((i) => (
          <Card as="li" key={i.id} className="flex flex-wrap items-center justify-between gap-3" aria-label={i.label}>
            <div className="min-w-0">
              <p className="font-semibold text-brand-900">{i.label}</p>
              <p className="break-all text-sm text-slate-700">
                {[i.orcid ? `ORCID iD ${i.orcid}` : null, i.email, `linked ${formatDateTime(i.createdAt)}`].filter(Boolean).join(' · ')}
              </p>
            </div>
            <Button variant="danger" size="sm" disabled={busy} onClick={() => submit({ intent: 'unlink', identityId: i.id })}>
              Unlink {i.label}
            </Button>
          </Card>
        ))}
      </ul>
      {unlinked.map((p) =>
        linking === p.id ? (
          <form
            key={p.id}
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit({ intent: 'link', provider: p.id, password: String(new FormData(e.currentTarget).get('password') ?? '') });
            }}
          >
            <Field
              id={`link-${p.id}`}
              name="password"
              type="password"
              label={`Your password, to link ${p.label}`}
              autoComplete="current-password"
              required
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                Continue to {p.label}
              </Button>
              <Button variant="quiet" onClick={() => setLinking(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button key={p.id} variant="secondary" className="mr-2 mt-4" onClick={() => setLinking(p.id)}>
            Link {p.label}
          </Button>
        ),
      )}
    </section>
  );
}

/** Decision 0070: linked sign-ins (ORCID, an institution) and the second factor (an authenticator app, recovery codes). */
export default function AccountSecurity({ loaderData: data }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string; qr: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const submit = (body: Intent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });

  useEffect(() => {
    if (!result || !result.ok) return;
    if (result.intent === 'enrol') setEnrolment(result.data as unknown as { secret: string; uri: string; qr: string });
    if (result.intent === 'confirm') {
      setEnrolment(null);
      setRecovery((result.data as unknown as { recoveryCodes: string[] }).recoveryCodes);
    }
    if (result.intent === 'unlink') toast.success('Unlinked');
    if (result.intent === 'disable') toast.success((result.data as { message: string }).message);
  }, [result]);

  const error = result && !result.ok ? result.error : null;
  const sf = data.secondFactor;
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Account security</h1>
      {params.get('enrol') === 'required' && !sf.enabled ? (
        <Alert tone="info" className="mt-4">
          Your role requires a second factor. Set up an authenticator app below before doing anything else.
        </Alert>
      ) : null}
      <Alert className="mt-4">{error}</Alert>
      {data.orcid ? (
        <p className="mt-4 text-slate-800">
          ORCID iD on your profile: <span className="font-mono">{data.orcid}</span>{' '}
          {data.orcidVerified ? (
            <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">verified by ORCID</span>
          ) : (
            <span className="text-sm text-slate-700">(typed, not verified)</span>
          )}
        </p>
      ) : null}
      <Identities data={data} submit={submit} busy={busy} />

      <section aria-labelledby="second-factor" className="mt-8">
        <h2 id="second-factor" className="text-xl font-bold text-brand-900">
          Second factor
        </h2>
        {recovery ? (
          <Card className="mt-3">
            <p className="font-semibold text-brand-900">Your second factor is on. Save these recovery codes now</p>
            <p className="mt-1 text-sm text-slate-700">
              Each works once, in place of a code, if you lose your device. They are not shown again.
            </p>
            <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
              {recovery.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </Card>
        ) : null}
        {sf.enabled ? (
          <>
            <p className="mt-2 text-slate-800">
              On: logins ask for a code of your authenticator app. Recovery codes left: <strong>{sf.recoveryCodesLeft}</strong>
            </p>
            {sf.required ? (
              <p className="mt-2 text-sm text-slate-700">The editor requires a second factor of your role, so it stays on.</p>
            ) : (
              <form
                className="mt-4 max-w-sm space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit({ intent: 'disable', code: codeOf(e) });
                }}
              >
                <Field id="disable-code" name="code" label="Code or recovery code, to turn it off" autoComplete="one-time-code" required />
                <Button type="submit" variant="danger" disabled={busy}>
                  Turn off the second factor
                </Button>
              </form>
            )}
          </>
        ) : enrolment ? (
          <Card className="mt-3">
            <p className="text-slate-800">
              Scan this code with your authenticator app, or type the key into it, then enter the code it shows.
            </p>
            <img
              src={enrolment.qr}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              className="mt-3 h-[200px] w-[200px]"
            />
            <p className="mt-2 text-sm text-slate-700">
              Key:{' '}
              <span className="break-all font-mono" data-testid="totp-secret">
                {enrolment.secret}
              </span>
            </p>
            <form
              className="mt-4 max-w-sm space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                submit({ intent: 'confirm', code: codeOf(e) });
              }}
            >
              <Field id="confirm-code" name="code" label="Code from the app" autoComplete="one-time-code" inputMode="numeric" required />
              <Button type="submit" disabled={busy}>
                Turn on
              </Button>
            </form>
          </Card>
        ) : (
          <>
            <p className="mt-2 text-slate-800">
              Off. With a second factor, a login asks for a code from an app on your phone as well as your password.
            </p>
            <Button className="mt-4" disabled={busy} onClick={() => submit({ intent: 'enrol' })}>
              Set up an authenticator app
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
