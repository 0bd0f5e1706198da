/** One previewed e-mail — recipient, subject and its text as it will be sent — for the decisions and bulk-mail screens. */
export function MailPreviewCard({
  mail,
  label,
  className = '',
}: {
  mail: { to: string; subject: string; text: string };
  label: string;
  className?: string;
}) {
  return (
    <article aria-label={label} className={`rounded-lg border border-slate-200 p-3 ${className}`}>
      <dl className="text-sm">
        <div>
          <dt className="inline font-medium">To: </dt>
          <dd className="inline break-all">{mail.to}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Subject: </dt>
          <dd className="inline">{mail.subject}</dd>
        </div>
      </dl>
      <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{mail.text}</pre>
    </article>
  );
}
