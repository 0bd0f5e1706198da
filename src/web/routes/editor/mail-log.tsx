import { useFetcher } from 'react-router';
import type { MailJson } from '../../../core/schemas/mail';
import type { ActionResult } from '../../lib/route-data';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { ScrollBox } from './scroll-box';

const STATE: Record<string, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'text-amber-800' },
  sending: { label: 'Sending', className: 'text-amber-800' },
  sent: { label: 'Sent', className: 'text-green-800' },
  outbox: { label: 'Kept in outbox (SMTP not set)', className: 'text-amber-800' },
  failed: { label: 'Failed', className: 'text-red-800' },
};

/**
 * Every e-mail with its state in the queue, attempts and last error; a failed one can be sent again
 * (posted to the host route's action as intent "retryMail"; the loader then reads the queue again).
 */
export function MailLog({ mails }: { mails: MailJson[] }) {
  const fetcher = useFetcher<ActionResult<{ message: string; mail: MailJson }>>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const notice = !result ? null : result.ok ? { text: `${result.data.message}: ${result.data.mail.to}`, error: false } : { text: result.error, error: true };
  const retrying = fetcher.state !== 'idle' ? (fetcher.json as { mailId?: string } | undefined)?.mailId : undefined;
  const retry = (m: MailJson) => fetcher.submit({ intent: 'retryMail', mailId: m._id }, { method: 'post', encType: 'application/json' });
  return (
    <section aria-labelledby="mail-heading">
      <h2 id="mail-heading" className="text-2xl font-bold text-brand-900">Mail log</h2>
      <p role="status" className={`mt-2 text-sm ${notice?.error ? 'text-red-800' : 'text-green-800'}`}>{notice?.text ?? ''}</p>
      {mails.length === 0 ? <p className="mt-2 text-slate-700">No e-mail has been sent yet.</p> : (
        <ScrollBox className="mt-2" label="Mail log">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Every e-mail sent or kept in the outbox</caption>
            <thead><tr className="border-b border-slate-300"><th scope="col" className="py-2 pr-3">Time</th><th scope="col" className="py-2 pr-3">To</th><th scope="col" className="py-2 pr-3">Subject</th><th scope="col" className="py-2 pr-3">State</th><th scope="col" className="py-2">Attempts</th></tr></thead>
            <tbody>
              {mails.map((m) => (
                <tr key={m._id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                  <td className="py-2 pr-3 break-all">{m.to}</td>
                  <td className="py-2 pr-3">{m.subject}{m.error ? <span className="block text-xs text-red-700">Last error: {m.error}</span> : null}</td>
                  <td className={`py-2 pr-3 font-semibold ${STATE[m.result]?.className ?? ''}`}>
                    {STATE[m.result]?.label ?? m.result}
                    {m.result === 'queued' && m.nextAttemptAt && m.attempts > 0 ? <span className="block text-xs font-normal text-slate-600">next try {formatDateTime(m.nextAttemptAt)}</span> : null}
                    {m.result === 'failed' ? (
                      <span className="mt-1 block"><Button size="sm" onClick={() => retry(m)} disabled={retrying === m._id} aria-label={`Retry the mail to ${m.to}`}>Retry</Button></span>
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
