import { getEditorMessages } from '../api/review';
import { formatDateTime } from '../components/format';
import { requireRole } from '../components/session';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Messages | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

const RESULT: Record<string, { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'text-green-800' },
  outbox: { label: 'Kept in outbox (SMTP not set)', className: 'text-amber-800' },
  failed: { label: 'Failed', className: 'text-red-800' },
};

/** The contact-form messages and the log of every e-mail sent or kept in the outbox. */
export default function EditorMessages() {
  const { data, error } = useApi(getEditorMessages, []);
  return (
    <div className="space-y-10">
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading" className="text-2xl font-bold text-brand-900">Messages from the contact form</h1>
        {error ? <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-red-800">Failed to load messages</p> : null}
        {data?.messages.length === 0 ? <p className="mt-4 text-slate-700">No messages yet.</p> : null}
        <ul className="mt-4 space-y-3">
          {data?.messages.map((m) => (
            <li key={m._id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold text-brand-900">{m.subject || '(no subject)'}</p>
              <p className="text-sm text-slate-600">{[m.name, m.email, m.phone].filter(Boolean).join(' · ') || 'anonymous'} · {formatDateTime(m.createdAt)}</p>
              <p className="mt-2 whitespace-pre-wrap">{m.message}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mail-heading">
        <h2 id="mail-heading" className="text-2xl font-bold text-brand-900">Mail log</h2>
        {data?.mails.length === 0 ? <p className="mt-4 text-slate-700">No e-mail has been sent yet.</p> : null}
        {data?.mails.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead><tr className="border-b border-slate-300"><th className="py-2 pr-3">Time</th><th className="py-2 pr-3">To</th><th className="py-2 pr-3">Subject</th><th className="py-2">Result</th></tr></thead>
              <tbody>
                {data.mails.map((m) => (
                  <tr key={m._id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                    <td className="py-2 pr-3 break-all">{m.to}</td>
                    <td className="py-2 pr-3">{m.subject}{m.error ? <span className="block text-xs text-red-700">{m.error}</span> : null}</td>
                    <td className={`py-2 font-semibold ${RESULT[m.result]?.className ?? ''}`}>{RESULT[m.result]?.label ?? m.result}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
