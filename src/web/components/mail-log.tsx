import { useEffect, useState } from 'react';
import type { MailJson } from '../../core/schemas/mail';
import { messageOf } from '../api/client';
import { retryMail } from '../api/records';
import { formatDateTime } from './format';

const STATE: Record<string, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'text-amber-800' },
  sending: { label: 'Sending', className: 'text-amber-800' },
  sent: { label: 'Sent', className: 'text-green-800' },
  outbox: { label: 'Kept in outbox (SMTP not set)', className: 'text-amber-800' },
  failed: { label: 'Failed', className: 'text-red-800' },
};

/** Every e-mail with its state in the queue, attempts and last error; a failed one can be sent again. */
export function MailLog({ mails: initial }: { mails: MailJson[] | undefined }) {
  const [mails, setMails] = useState(initial ?? []);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => { setMails(initial ?? []); }, [initial]);
  const retry = async (m: MailJson) => {
    try {
      const res = await retryMail(m._id);
      setMails((list) => list.map((x) => (x._id === m._id ? res.mail : x)));
      setNotice({ text: `${res.message}: ${m.to}`, error: false });
    } catch (err) {
      setNotice({ text: messageOf(err, 'Could not queue the mail again'), error: true });
    }
  };
  return (
    <section aria-labelledby="mail-heading">
      <h2 id="mail-heading" className="text-2xl font-bold text-brand-900">Mail log</h2>
      <p role="status" className={`mt-2 text-sm ${notice?.error ? 'text-red-800' : 'text-green-800'}`}>{notice?.text ?? ''}</p>
      {initial && mails.length === 0 ? <p className="mt-2 text-slate-700">No e-mail has been sent yet.</p> : null}
      {mails.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead><tr className="border-b border-slate-300"><th className="py-2 pr-3">Time</th><th className="py-2 pr-3">To</th><th className="py-2 pr-3">Subject</th><th className="py-2 pr-3">State</th><th className="py-2">Attempts</th></tr></thead>
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
                      <button type="button" onClick={() => void retry(m)} aria-label={`Retry the mail to ${m.to}`}
                        className="mt-1 block rounded-md bg-brand-700 px-2 py-1 text-xs font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-900">Retry</button>
                    ) : null}
                  </td>
                  <td className="py-2">{m.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
