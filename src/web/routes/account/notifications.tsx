import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { MAIL_MODE_LABELS, type MailPreferencesBody, type MailPreferencesJson } from '../../../core/schemas/mail-preferences';
import { resendVerification } from '../../api/accounts';
import { getMailPreferences, saveMailPreferences } from '../../api/mail-preferences';
import { messageOf } from '../../api/client';
import { actOr, jsonBody, loadOr, useFollowRedirect } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, cardClass } from '../../components/ui/card';
import type { Route } from './+types/notifications';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Notification settings') }, { name: 'robots', content: 'noindex' }];

/** Any signed-in role: the settings are the address's (decision 0039). */
export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(getMailPreferences(), 'Could not load your notification settings. Please try again.');
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return actOr(
    saveMailPreferences(await jsonBody<MailPreferencesBody>(request)),
    'Could not save your notification settings. Please try again.',
  );
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

type Mode = keyof typeof MAIL_MODE_LABELS;
const MODES = Object.keys(MAIL_MODE_LABELS) as Mode[];
const period = (hours: number) => (hours === 24 ? 'day' : hours >= 1 ? `${hours} hours` : `${Math.round(hours * 60)} minutes`);
const modesOf = (p: MailPreferencesJson) =>
  Object.fromEntries(p.categories.map((c) => [c.category, c.mode ?? 'immediate'])) as Record<string, Mode>;

/** Until the address is verified: why the settings wait, and the way to verify. */
function VerifyFirst() {
  const followRedirect = useFollowRedirect();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      setSaid({ ok: true, text: (await resendVerification()).message });
    } catch (err) {
      if (!followRedirect(err)) setSaid({ ok: false, text: messageOf(err, 'The link could not be sent. Please try again later.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="mt-6 space-y-3" aria-labelledby="verify-first">
      <h2 id="verify-first" className="text-lg font-semibold text-brand-900">
        Confirm your address first
      </h2>
      <p className="text-slate-800">
        These settings belong to your email address, so that nobody who signs up with someone else’s address can turn their mail off. Once
        you confirm the address through the link we mail you, you can choose here.
      </p>
      {said ? (
        <Alert tone={said.ok ? 'success' : 'error'}>{said.text}</Alert>
      ) : (
        <Button onClick={() => void resend()} disabled={busy}>
          {busy ? 'Please wait…' : 'Mail me the verification link'}
        </Button>
      )}
    </Card>
  );
}

/** Decision 0039: per kind of non-essential mail, immediately, once a day or off; essential mail always comes. */
export default function Notifications({ loaderData: saved }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [modes, setModes] = useState(() => modesOf(saved));
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    setModes(modesOf(saved));
  }, [saved]);
  useEffect(() => {
    if (result?.ok) toast.success(result.data.message);
  }, [result]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    fetcher.submit(modes, { method: 'post', encType: 'application/json' });
  };

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Notification settings</h1>
      <p className="mt-2 break-words text-slate-700">
        For the mails we send to <span className="font-semibold text-slate-900">{saved.email}</span>. Every account you have under this
        address shares these settings.
      </p>
      {saved.verified ? (
        <form onSubmit={onSubmit} className="mt-6 space-y-4" aria-describedby="modes-hint">
          <p id="modes-hint" className="text-sm text-slate-700">
            “Once a day” gathers that kind into one mail a {period(saved.digestHours)}. “Off” sends nothing of that kind.
          </p>
          {saved.categories.map((c) => (
            <fieldset key={c.category} className={cardClass()}>
              <legend className="px-1 font-semibold text-brand-900">{c.label}</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {MODES.map((mode) => (
                  <label key={mode} className="flex min-h-11 items-center gap-2 text-slate-800">
                    <input
                      type="radio"
                      name={c.category}
                      value={mode}
                      checked={modes[c.category] === mode}
                      onChange={() => setModes((m) => ({ ...m, [c.category]: mode }))}
                      className="h-5 w-5"
                    />
                    {MAIL_MODE_LABELS[mode]}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <Alert>{result && !result.ok ? result.error : null}</Alert>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </Button>
        </form>
      ) : (
        <VerifyFirst />
      )}
      <Card className="mt-6" aria-labelledby="always-sent">
        <h2 id="always-sent" className="text-lg font-semibold text-brand-900">
          Always sent
        </h2>
        <p className="mt-1 text-slate-700">These mails are essential: they come whatever you choose here.</p>
        <ul className="mt-2 grid list-disc gap-x-8 gap-y-1 pl-5 text-slate-800 sm:grid-cols-2">
          {saved.essential.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
