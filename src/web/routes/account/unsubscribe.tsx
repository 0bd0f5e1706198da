import { Link, useFetcher } from 'react-router';
import { MAIL_PREFERENCES_TEXT } from '../../../core/schemas/mail-preferences';
import { describeUnsubscribeLink, unsubscribeByLink, type UnsubscribeLink } from '../../api/mail-preferences';
import { actOr, jsonBody, loadOr } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { Route } from './+types/unsubscribe';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Stop these mails') }, { name: 'robots', content: 'noindex' }];

const linkOf = (url: URL): UnsubscribeLink => ({
  email: url.searchParams.get('email') ?? '',
  category: url.searchParams.get('category') ?? '',
  token: url.searchParams.get('token') ?? '',
});

/** Reads what the link would stop; opening the page changes nothing (mail scanners open links). No login needed. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const link = linkOf(new URL(request.url));
  return { link, about: await loadOr(describeUnsubscribeLink(link), 'Could not read this link. Please try again.') };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return actOr(unsubscribeByLink(await jsonBody<UnsubscribeLink>(request)), MAIL_PREFERENCES_TEXT.badLink);
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

/** The page a non-essential mail's footer links to (decision 0039): what stops, and one button to stop it. */
export default function Unsubscribe({ loaderData: { link, about } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  return (
    <div className="mx-auto max-w-lg">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Stop these mails</h1>
        {!about.valid ? (
          <Alert className="mt-5 text-base">{MAIL_PREFERENCES_TEXT.badLink}</Alert>
        ) : result?.ok ? (
          <Alert tone="success" className="mt-5 text-base">
            {result.data.message}
          </Alert>
        ) : (
          <>
            <p className="mt-4 break-words text-lg text-slate-900">
              Stop ‘{about.label}’ mails to {about.email}?
            </p>
            <p className="mt-2 text-slate-700">Essential mails (password reset, decisions on your papers, assignments) are still sent.</p>
            <Alert className="mt-4">{result && !result.ok ? result.error : null}</Alert>
            <Button
              type="button"
              className="mt-5"
              full
              disabled={busy}
              onClick={() => fetcher.submit({ ...link }, { method: 'post', encType: 'application/json' })}
            >
              {busy ? 'Please wait…' : 'Stop these mails'}
            </Button>
          </>
        )}
        <Link to="/account/notifications" className="mt-5 block font-semibold text-brand-700 underline">
          Your notification settings
        </Link>
      </div>
    </div>
  );
}
