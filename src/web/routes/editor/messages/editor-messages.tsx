import { Link } from 'react-router';
import { isId } from '../../../../core/ids';
import type { MailDetailJson } from '../../../../core/schemas/mail';
import { getEditorMessages } from '../../../api/assignment';
import { getMail, getMailStatus, listMails, retryMail } from '../../../api/editor-desk';
import { ExportLinks } from '../../../components/export-links';
import { formatDateTime } from '../../../lib/format';
import { MailLog, mailFiltersFrom } from './mail-log';
import { actOr, jsonBody, loadOr, loadPart } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Card } from '../../../components/ui/card';
import type { Route } from './+types/editor-messages';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Messages') }];

/**
 * The contact-form messages and the mail log, filtered by the URL (?to=&status=&template=), with one mail
 * opened whole (?mail=). A failure of the lists shows in RouteError; a mail that cannot be opened, beside the log.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireRole('Editor');
  const search = new URL(request.url).searchParams;
  const filters = mailFiltersFrom(search);
  const mailId = search.get('mail') ?? '';
  const [{ messages }, list, opened, status] = await Promise.all([
    loadOr(getEditorMessages(), 'Failed to load messages'),
    loadOr(listMails(filters), 'Failed to load the mail log'),
    mailId
      ? isId(mailId)
        ? loadPart<MailDetailJson | null>(getMail(mailId), null, 'This mail could not be opened.')
        : { data: null, error: 'Mail not found' }
      : { data: null, error: null },
    loadPart(getMailStatus(), null),
  ]);
  return { messages, list, filters, opened: opened.data, openedError: opened.error, configured: status.data?.configured ?? null };
}

/** The mail log's "Retry": the server queues the mail again and answers with its new state. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { mailId } = await jsonBody<{ intent: 'retryMail'; mailId: string }>(request);
  return actOr(retryMail(mailId), 'Could not queue the mail again', 'retryMail');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

/** The contact-form messages and the log of every e-mail sent, queued, failed or kept in the outbox. */
export default function EditorMessages({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="text-2xl font-bold text-brand-900">
          Messages from the contact form
        </h1>
        {data.messages.length === 0 ? <p className="mt-4 text-slate-700">No messages yet.</p> : null}
        <ul className="mt-4 space-y-3">
          {data.messages.map((m) => (
            <Card as="li" key={m._id}>
              <p className="font-semibold text-brand-900">{m.subject || '(no subject)'}</p>
              <p className="text-sm text-slate-600">
                {[m.name, m.email, m.phone].filter(Boolean).join(' · ') || 'anonymous'} · {formatDateTime(m.createdAt)}
              </p>
              <p className="mt-2 whitespace-pre-wrap">{m.message}</p>
            </Card>
          ))}
        </ul>
      </section>
      <MailLog list={data.list} filters={data.filters} opened={data.opened} openedError={data.openedError} configured={data.configured} />
      <ExportLinks names={['contact-messages']} title="Download the contact messages as CSV" more />
      <p>
        <Link to="/editor/audit" className="font-semibold text-brand-700 underline">
          Audit log: who did what
        </Link>
      </p>
    </div>
  );
}
