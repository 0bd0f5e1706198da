import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useFetcher, useSearchParams } from 'react-router';
import { describeMailCounts, MAIL_STATE_LABELS, type MailStateName } from '../../../../core/mail-states';
import { TEMPLATE_INFO, TEMPLATE_NAMES } from '../../../../core/mail-templates';
import { MAIL_STATES, type MailDetailJson, type MailJson, type MailListJson } from '../../../../core/schemas/mail';
import type { ActionResult } from '../../../lib/route-data';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { ScrollBox } from '../shared/scroll-box';

const STATE_TONE: Record<MailStateName, string> = {
  queued: 'text-amber-800',
  sending: 'text-amber-800',
  sent: 'text-green-800',
  outbox: 'text-amber-800',
  failed: 'text-red-800',
};
const stateLabel = (s: string) => MAIL_STATE_LABELS[s as MailStateName] ?? s;
const templateLabel = (t: string) => TEMPLATE_INFO[t as keyof typeof TEMPLATE_INFO]?.label ?? t;

/** The mail log's filters as the URL holds them (?to=&status=&template=), anything unknown left out. */
export function mailFiltersFrom(search: URLSearchParams): { to?: string; status?: MailStateName; template?: string } {
  const to = search.get('to')?.trim();
  const status = search.get('status') ?? '';
  const template = search.get('template') ?? '';
  return {
    ...(to ? { to: to.slice(0, 320) } : {}),
    ...((MAIL_STATES as readonly string[]).includes(status) ? { status: status as MailStateName } : {}),
    ...((TEMPLATE_NAMES as string[]).includes(template) ? { template } : {}),
  };
}

/** The URL of this page with `mail` opened (or closed: null), the filters kept. */
function withMail(search: URLSearchParams, mailId: string | null): string {
  const next = new URLSearchParams(search);
  if (mailId) next.set('mail', mailId);
  else next.delete('mail');
  const q = next.toString();
  return q ? `?${q}` : '.';
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

/** A mail's text with its web addresses as links (nothing in it is read as markup: React writes text). */
function MailText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) => {
    if (i % 2 === 0) return part;
    const url = part.replace(/[.,;:!?]+$/, '');
    return (
      <span key={i}>
        <a href={url} className="break-all font-semibold text-brand-700 underline">
          {url}
        </a>
        {part.slice(url.length)}
      </span>
    );
  });
  return (
    <pre className="mt-1 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm text-slate-900">
      {parts}
    </pre>
  );
}

/** One mail whole: recipient, subject, body with its links, template, state, attempts, the SMTP server's answer, the last error. */
export function OpenedMail({ mail, configured }: { mail: MailDetailJson; configured: boolean | null }) {
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [mail._id]);
  const row = (term: string, value: ReactNode) => (
    <div className="sm:grid sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-2">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="opened-mail" className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id="opened-mail" ref={heading} tabIndex={-1} className="min-w-0 break-words text-lg font-semibold text-brand-900">
          {mail.subject}
        </h3>
        <Link to={withMail(search, null)} preventScrollReset className={buttonClass({ variant: 'quiet', size: 'sm' })}>
          Close this mail
        </Link>
      </div>
      {mail.result === 'outbox' ? (
        <Alert tone="warning" className="mt-3">
          Kept in the outbox, not sent: mail is not configured on this server. The recipient has not received it; a link in it works when
          opened here.
        </Alert>
      ) : null}
      {mail.masked ? (
        <Alert tone="info" className="mt-3">
          The link in this mail is hidden: it is for the recipient alone, so reading the log cannot open their account.
        </Alert>
      ) : null}
      <dl className="mt-3 space-y-1 text-sm">
        {row('To', <span className="break-all">{mail.to}</span>)}
        {row('Template', `${mail.templateLabel} (${mail.template})`)}
        {row('State', <span className={`font-semibold ${STATE_TONE[mail.result]}`}>{stateLabel(mail.result)}</span>)}
        {row('Written', formatDateTime(mail.createdAt))}
        {mail.sentAt ? row('Delivered', formatDateTime(mail.sentAt)) : null}
        {row('Attempts', String(mail.attempts))}
        {mail.result === 'queued' && mail.nextAttemptAt && mail.attempts > 0 ? row('Next try', formatDateTime(mail.nextAttemptAt)) : null}
        {row('Mail server\u2019s answer', mail.smtpResponse ?? (configured === false ? 'None: mail is not configured' : 'None yet'))}
        {mail.error ? row('Last error', <span className="text-red-800">{mail.error}</span>) : null}
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-slate-800">The mail</h4>
      <MailText text={mail.body} />
    </section>
  );
}

/** The filters: one recipient, one state, one template (a GET form: the URL holds them). */
function MailFilters({ filters }: { filters: ReturnType<typeof mailFiltersFrom> }) {
  return (
    <Form method="get" role="search" aria-label="Filter the mail log" className="mt-3 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-[1_1_14rem]">
        <label htmlFor="mail-to" className="block text-sm font-medium text-slate-700">
          Recipient’s address
        </label>
        <input id="mail-to" name="to" type="email" defaultValue={filters.to ?? ''} autoComplete="off" className={inputClass} />
      </div>
      <div>
        <label htmlFor="mail-status" className="block text-sm font-medium text-slate-700">
          State
        </label>
        <select id="mail-status" name="status" defaultValue={filters.status ?? ''} className={inputClass}>
          <option value="">Any state</option>
          {MAIL_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="mail-template" className="block text-sm font-medium text-slate-700">
          Kind of mail
        </label>
        <select id="mail-template" name="template" defaultValue={filters.template ?? ''} className={`${inputClass} max-w-full`}>
          <option value="">Any kind</option>
          {TEMPLATE_NAMES.map((t) => (
            <option key={t} value={t}>
              {templateLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Show
        </Button>
        {filters.to || filters.status || filters.template ? (
          <Link to="." className={buttonClass({ variant: 'quiet', size: 'sm' })}>
            Show every mail
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * Every e-mail with its state, attempts and last error, filtered per recipient, state or kind; each opens whole
 * (?mail=); a failed one can be sent again (posted to the host route's action as intent "retryMail").
 */
export function MailLog({
  list,
  filters,
  opened,
  openedError,
  configured,
}: {
  list: MailListJson;
  filters: ReturnType<typeof mailFiltersFrom>;
  opened: MailDetailJson | null;
  openedError: string | null;
  configured: boolean | null;
}) {
  const [search] = useSearchParams();
  const fetcher = useFetcher<ActionResult<{ message: string; mail: MailJson }>>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const notice = !result
    ? null
    : result.ok
      ? { text: `${result.data.message}: ${result.data.mail.to}`, error: false }
      : { text: result.error, error: true };
  const retrying = fetcher.state !== 'idle' ? (fetcher.json as { mailId?: string } | undefined)?.mailId : undefined;
  const retry = (m: MailJson) => fetcher.submit({ intent: 'retryMail', mailId: m._id }, { method: 'post', encType: 'application/json' });
  const { mails, counts, total } = list;
  const summary = describeMailCounts(counts);
  return (
    <section aria-labelledby="mail-heading">
      <h2 id="mail-heading" className="text-2xl font-bold text-brand-900">
        Mail log
      </h2>
      {configured === false ? (
        <p className="mt-2 text-slate-800">
          Mail is not configured, so every e-mail is kept here and none is sent. Open one to read it whole: a password reset or verification
          link in it can be opened from here, or copied to the person it is for.
        </p>
      ) : null}
      <MailFilters filters={filters} />
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {filters.to ? (
          <>
            Mail to <strong className="break-all">{filters.to}</strong>:{' '}
          </>
        ) : (
          'Mails: '
        )}
        {summary || 'none'}
        {total > mails.length ? ` (the newest ${mails.length} of ${total} shown)` : ''}
      </p>
      <p role="status" className={`mt-2 text-sm ${notice?.error ? 'text-red-800' : 'text-green-800'}`}>
        {notice?.text ?? ''}
      </p>
      <Alert className="mt-2">{openedError}</Alert>
      {opened ? (
        <div className="mt-3">
          <OpenedMail mail={opened} configured={configured} />
        </div>
      ) : null}
      {mails.length === 0 ? (
        <p className="mt-2 text-slate-700">
          No e-mail {filters.to || filters.status || filters.template ? 'matches these filters' : 'yet'}.
        </p>
      ) : (
        <ScrollBox className="mt-3" label="Mail log">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Every e-mail sent, queued, failed or kept in the outbox</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3">
                  To
                </th>
                <th scope="col" className="py-2 pr-3">
                  Subject
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2">
                  Attempts
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((m) => (
                <tr key={m._id} className={`border-b border-slate-100 align-top ${opened?._id === m._id ? 'bg-brand-50' : ''}`}>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                  <td className="py-2 pr-3 break-all">
                    <Link to={`?to=${encodeURIComponent(m.to)}`} className="text-brand-700 underline" aria-label={`Every mail to ${m.to}`}>
                      {m.to}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    <Link
                      to={withMail(search, m._id)}
                      preventScrollReset
                      className="font-semibold text-brand-700 underline"
                      aria-current={opened?._id === m._id ? 'true' : undefined}
                    >
                      {m.subject}
                    </Link>
                    <span className="block text-xs text-slate-600">{templateLabel(m.template)}</span>
                    {m.error ? <span className="block text-xs text-red-700">Last error: {m.error}</span> : null}
                  </td>
                  <td className={`py-2 pr-3 font-semibold ${STATE_TONE[m.result]}`}>
                    {stateLabel(m.result)}
                    {m.result === 'queued' && m.nextAttemptAt && m.attempts > 0 ? (
                      <span className="block text-xs font-normal text-slate-600">next try {formatDateTime(m.nextAttemptAt)}</span>
                    ) : null}
                    {m.result === 'failed' ? (
                      <span className="mt-1 block">
                        <Button size="sm" onClick={() => retry(m)} disabled={retrying === m._id} aria-label={`Retry the mail to ${m.to}`}>
                          Retry
                        </Button>
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2">{m.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
