import { useEffect, useState, type FormEvent } from 'react';
import { redirect, useFetcher, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { session } from '../../api/client';
import { downloadDataExport, eraseAccount, previewErasure, requestDataExport } from '../../api/personal-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { actOr, jsonBody, loadOr, useDownload } from '../../lib/route-data';
import { appTitle } from '../../lib/seo';
import { requireRole } from '../../lib/session';
import type { Route } from './+types/your-data';

export const meta = () => [{ title: appTitle('Your data') }, { name: 'robots', content: 'noindex' }];

export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(previewErasure(), 'Could not load what we hold about you. Please try again.');
}

type Intent = { intent: 'export' } | { intent: 'erase'; password: string };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent>(request);
  if (body.intent === 'export') return actOr(requestDataExport(), 'Could not ask for your data. Please try again.', 'export');
  const erased = await actOr(eraseAccount(body.password), 'Could not erase your account. Please try again.', 'erase');
  if (erased.ok) {
    // The account is gone: this device forgets it, and the login page says what happened.
    session.clear();
    return redirect('/login?reason=erased');
  }
  return erased;
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

/** The mailed link lands here (?download=token): the zip is fetched with this account's login, once. */
function MailedDownload({ token }: { token: string }) {
  const { busy, error, download } = useDownload(() => downloadDataExport(token), 'The download failed. Please try again.');
  const [done, setDone] = useState(false);
  return (
    <Card className="mt-6 space-y-3 border-brand-300" aria-labelledby="download-ready">
      <h2 id="download-ready" className="text-lg font-semibold text-brand-900">
        Your download is ready
      </h2>
      <p className="text-slate-800">The link in your mail works once, for this account, for 24 hours.</p>
      <Alert>{error}</Alert>
      {done && !error ? <Alert tone="success">Your data has been downloaded.</Alert> : null}
      <Button onClick={() => void download('zip').then(() => setDone(true))} disabled={busy !== null || done}>
        {busy ? 'Downloading…' : 'Download my data (zip)'}
      </Button>
    </Card>
  );
}

/** Decision 0071: download everything held about you, or erase your account after reading what is kept and what goes. */
export default function YourData({ loaderData: preview }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get('download');
  const fetcher = useFetcher<typeof clientAction>();
  const [password, setPassword] = useState('');
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const exportResult = result && 'intent' in result && result.intent === 'export' ? result : undefined;
  const eraseResult = result && 'intent' in result && result.intent === 'erase' ? result : undefined;

  useEffect(() => {
    if (exportResult?.ok) toast.success(exportResult.data.message);
  }, [exportResult]);

  const erase = (e: FormEvent) => {
    e.preventDefault();
    fetcher.submit({ intent: 'erase', password }, { method: 'post', encType: 'application/json' });
  };

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Your data</h1>
      {token ? <MailedDownload token={token} /> : null}
      <Card className="mt-6 space-y-3" aria-labelledby="download">
        <h2 id="download" className="text-lg font-semibold text-brand-900">
          Download your data
        </h2>
        <p className="text-slate-800">
          Everything we hold about this account — your profile, your other accounts under this address, the papers and versions you
          submitted or co-author, the reviews you wrote, your registrations, payments and receipts, the mails we sent you and the audit
          entries about you — as one zip of JSON documents and your files. We gather it in the background and mail you a link.
        </p>
        {exportResult ? (
          <Alert tone={exportResult.ok ? 'success' : 'error'}>{exportResult.ok ? exportResult.data.message : exportResult.error}</Alert>
        ) : null}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => fetcher.submit({ intent: 'export' }, { method: 'post', encType: 'application/json' })}
        >
          Mail me a download link
        </Button>
      </Card>
      <Card className="mt-6 space-y-4" aria-labelledby="erase">
        <h2 id="erase" className="text-lg font-semibold text-brand-900">
          Erase your account
        </h2>
        <p className="text-slate-800">
          Erasing cannot be undone. What the conference’s record or the law requires is kept, without your name or address where it can be;
          everything else is deleted.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="kept">
            <h3 id="kept" className="font-semibold text-slate-900">
              Kept and anonymised
            </h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
              {preview.kept.map((k) => (
                <li key={k}>{k}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="deleted">
            <h3 id="deleted" className="font-semibold text-slate-900">
              Deleted
            </h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
              {preview.deleted.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          </section>
        </div>
        {preview.otherAccounts ? <Alert tone="info">{preview.otherAccounts}</Alert> : null}
        <form onSubmit={erase} className="space-y-3">
          <label htmlFor="erase-password" className="block font-semibold text-slate-900">
            Your password, to confirm
          </label>
          <input
            id="erase-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            className="block w-full max-w-sm rounded-md border border-slate-400 px-3 py-2"
          />
          <Alert>{eraseResult && !eraseResult.ok ? eraseResult.error : null}</Alert>
          <Button type="submit" variant="danger" disabled={busy || !password}>
            {busy ? 'Please wait…' : 'Erase my account'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
