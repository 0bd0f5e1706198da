import { useEffect, useRef, useState } from 'react';
import { MailPreviewCard } from '../../../components/mail-preview-card';
import { Link, useFetcher } from 'react-router';
import {
  BULK_DECISION_LABELS,
  BULK_DECISIONS,
  BULK_GROUP_LABELS,
  BULK_GROUPS,
  BULK_MAIL_PLACEHOLDER_HELP,
  BULK_MAIL_PLACEHOLDERS,
  checkBulkMail,
  type BulkAudience,
  type BulkGroup,
  type BulkMailDetailJson,
  type BulkMailJson,
} from '../../../../core/schemas/bulk-mail';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '../../../../core/mail-templates';
import { getBulkMail, listBulkMails, previewBulkMail, sendBulkMail } from '../../../api/bulk-mail';
import { getTracks } from '../../../api/tracks';
import { formatDateTime } from '../../../lib/format';
import { actOr, jsonBody, loadOr, loadPart, revalidateExceptAfter, useRevalidateEvery } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field, inputClass } from '../../../components/ui/field';
import { isChair } from '../shared/track-filter';
import type { Route } from './+types/editor-bulk-mail';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Mail to a group') }];

/** The bulk mails' list is read again this often while one of them is still being delivered. */
const POLL_MS = 2000;

export async function clientLoader() {
  const chair = isChair(requireRole('Editor'));
  const [tracks, list] = await Promise.all([
    loadPart(getTracks(), [], 'Could not load the tracks.'),
    loadOr(listBulkMails(), 'Could not load the mails sent to groups. Please try again.'),
  ]);
  return { chair, tracks: tracks.data.map((t) => ({ id: t.id, name: t.name })), bulkMails: list.bulkMails };
}

type Composed = { audience: BulkAudience; subject: string; body: string };
type Body = ({ intent: 'preview' } & Composed) | ({ intent: 'send'; key: string } & Composed) | { intent: 'failures'; bulkId: string };

export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Body>(request);
  if (body.intent === 'failures') return actOr(getBulkMail(body.bulkId), 'Could not load the failed mails. Please try again.', body.intent);
  const { intent, ...rest } = body;
  if (intent === 'preview') return actOr(previewBulkMail(rest), 'Could not prepare the preview. Please try again.', intent);
  return actOr(sendBulkMail(rest as Composed & { key: string }), 'Could not send the mail. Please try again.', intent);
}

/** A preview or a look at the failures changes nothing: the list is read again only after a send. */
export const shouldRevalidate = revalidateExceptAfter('preview', 'failures');

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** One key per composed mail: a second click sends the same key, which the server answers without sending again. */
const newKey = () => crypto.randomUUID().replace(/-/g, '');

const TRACKED: Record<BulkGroup, boolean> = { authors: true, missingReviews: true, reviewers: true, attendees: false, unregistered: true };

function audienceOf(group: BulkGroup, trackId: string, decision: (typeof BULK_DECISIONS)[number], coAuthors: boolean): BulkAudience {
  const track = trackId || null;
  switch (group) {
    case 'authors':
      return { group, trackId: track, decision, coAuthors };
    case 'unregistered':
      return { group, trackId: track, coAuthors };
    case 'attendees':
      return { group };
    default:
      return { group, trackId: track };
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

function Progress({ mail }: { mail: BulkMailJson }) {
  const p = mail.progress;
  const parts = [
    p.sent ? `${p.sent} sent` : '',
    p.queued + p.sending ? `${p.queued + p.sending} waiting` : '',
    p.failed ? `${p.failed} failed` : '',
    p.outbox ? `${p.outbox} kept in the outbox (no mail server: not sent)` : '',
    p.held ? `${p.held} held for a digest or turned off` : '',
  ].filter(Boolean);
  const state = !mail.done ? 'Delivering' : p.outbox ? 'Kept, not sent' : p.failed ? 'Done, with failures' : 'Sent';
  return (
    <div className="mt-2">
      <p className="text-sm">
        <span className="font-semibold" data-testid="bulk-state">
          {state}
        </span>
        {' · '}
        {parts.join(' · ')}
      </p>
      <progress
        className="mt-1 h-2 w-full accent-brand-700"
        max={mail.recipients}
        value={mail.recipients - p.queued - p.sending}
        aria-label={`${mail.subject}: ${mail.recipients - p.queued - p.sending} of ${mail.recipients} handled`}
      />
    </div>
  );
}

/** The mails of a bulk mail that failed for good, with the mail server's reason, read when asked for. */
function Failures({ mail }: { mail: BulkMailJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const answer = fetcher.data;
  const failures = answer?.ok && answer.intent === 'failures' ? (answer.data as BulkMailDetailJson).failures : null;
  if (mail.progress.failed === 0) return null;
  return (
    <div className="mt-2">
      {failures ? (
        <ul aria-label={`Failed mails of ${mail.subject}`} className="space-y-1 text-sm text-slate-800">
          {failures.map((f, i) => (
            <li key={`${f.to}-${i}`}>
              <span className="break-all font-medium">{f.to}</span>: {f.smtpResponse ?? f.error ?? 'no reason given'} (
              {plural(f.attempts, 'attempt', 'attempts')})
            </li>
          ))}
        </ul>
      ) : (
        <Button
          variant="quiet"
          size="sm"
          disabled={fetcher.state !== 'idle'}
          onClick={() => fetcher.submit({ intent: 'failures', bulkId: mail._id }, { method: 'post', encType: 'application/json' })}
        >
          {fetcher.state !== 'idle' ? 'Loading…' : `Show the ${plural(mail.progress.failed, 'failed mail', 'failed mails')}`}
        </Button>
      )}
      {answer && !answer.ok ? <Alert className="mt-1">{answer.error}</Alert> : null}
    </div>
  );
}

/**
 * Decision 0040: write to a group — authors by decision and track (co-authors or not), reviewers with missing reviews,
 * a track's reviewers, registered attendees, authors of accepted papers not registered — with placeholders filled per
 * recipient, a preview of the first mails and the count, a confirmation, and the mails' progress through the queue.
 */
export default function EditorBulkMail({ loaderData }: Route.ComponentProps) {
  const { chair, tracks, bulkMails } = loaderData;
  const groups = chair ? BULK_GROUPS.filter((g) => g !== 'attendees') : BULK_GROUPS;
  const [group, setGroup] = useState<BulkGroup>('authors');
  const [trackId, setTrackId] = useState(chair ? (tracks[0]?.id ?? '') : '');
  const [decision, setDecision] = useState<(typeof BULK_DECISIONS)[number]>('any');
  const [coAuthors, setCoAuthors] = useState(true);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newKey);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const audience = audienceOf(group, trackId, decision, coAuthors);
  const composed: Composed = { audience, subject, body };
  const signature = JSON.stringify(composed);

  const preview = useFetcher<typeof clientAction>();
  const sender = useFetcher<typeof clientAction>();
  const sending = sender.state !== 'idle';
  const previewed =
    preview.data?.ok && preview.data.intent === 'preview'
      ? (preview.data.data as { count: number; mails: Array<{ to: string; subject: string; text: string }> })
      : null;
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const current = previewed && previewOf === signature ? previewed : null;
  const sent = sender.state === 'idle' && sender.data?.ok ? (sender.data.data as BulkMailJson) : null;
  const error = [preview.data, sender.data].find((d) => d && !d.ok) as { error: string } | undefined;

  // A new composition is a new mail, with its own key; the same one clicked twice keeps it.
  const composedRef = useRef(signature);
  useEffect(() => {
    if (composedRef.current !== signature) {
      composedRef.current = signature;
      setKey(newKey());
      setConfirming(false);
    }
  }, [signature]);
  useEffect(() => {
    if (sent) {
      setConfirming(false);
      setKey(newKey());
    }
  }, [sent]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  // While a bulk mail is still being delivered, its progress is read again every 2 s; it stops once all are done.
  useRevalidateEvery(POLL_MS, { active: bulkMails.some((m) => !m.done) });

  const check = () => {
    const reason = checkBulkMail(subject, body);
    setProblem(reason);
    return reason === null;
  };
  const runPreview = () => {
    if (!check()) return;
    setPreviewOf(signature);
    preview.submit({ intent: 'preview', ...composed }, { method: 'post', encType: 'application/json' });
  };
  const askToSend = () => {
    if (!check()) return;
    if (!current) runPreview();
    setConfirming(true);
  };
  const send = () => sender.submit({ intent: 'send', key, ...composed }, { method: 'post', encType: 'application/json' });

  const insert = (placeholder: string) => {
    const el = bodyRef.current;
    const text = `{${placeholder}}`;
    if (!el) {
      setBody((b) => b + text);
      return;
    }
    const start = el.selectionStart ?? body.length;
    const end = el.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + text + body.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Mail to a group</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Write one mail to a group: each person gets their own copy, with the placeholders filled in for them, through the mail queue at the
        rate the mail server accepts. People who turned announcements off get none; those who chose a daily digest find it there.
        {chair ? ' As a track chair you write to groups within your tracks.' : ''}
      </p>

      <form
        className={cardClass('mt-4 space-y-4')}
        onSubmit={(e) => {
          e.preventDefault();
          runPreview();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Group</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {groups.map((g) => (
              <label key={g} className="flex items-center gap-2 rounded-md px-1 py-1 text-slate-800">
                <input
                  type="radio"
                  name="group"
                  value={g}
                  checked={group === g}
                  onChange={() => setGroup(g)}
                  className="h-4 w-4 accent-brand-700"
                />
                {BULK_GROUP_LABELS[g]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-4">
          {TRACKED[group] ? (
            <div>
              <label htmlFor="bulk-track" className="block text-sm font-medium text-slate-700">
                Track
              </label>
              <select
                id="bulk-track"
                value={trackId}
                onChange={(e) => setTrackId(e.target.value)}
                className={`${inputClass} max-w-[20rem]`}
              >
                {chair ? null : <option value="">Every track</option>}
                {tracks.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {group === 'authors' ? (
            <div>
              <label htmlFor="bulk-decision" className="block text-sm font-medium text-slate-700">
                Decision sent to the authors
              </label>
              <select
                id="bulk-decision"
                value={decision}
                onChange={(e) => setDecision(e.target.value as typeof decision)}
                className={`${inputClass} max-w-[20rem]`}
              >
                {BULK_DECISIONS.map((d) => (
                  <option key={d} value={d}>
                    {BULK_DECISION_LABELS[d]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {group === 'authors' || group === 'unregistered' ? (
            <label className="flex items-center gap-2 pb-2 text-slate-800">
              <input
                type="checkbox"
                checked={coAuthors}
                onChange={(e) => setCoAuthors(e.target.checked)}
                className="h-4 w-4 accent-brand-700"
              />
              Include co-authors
            </label>
          ) : null}
        </div>

        <Field label="Subject" value={subject} maxLength={MAIL_SUBJECT_MAX} onChange={(e) => setSubject(e.target.value)} />
        <Field
          label="Message"
          hint="Each person's copy has the placeholders filled in for them, and ends with a link to their mail settings."
        >
          {(control) => (
            <textarea
              {...control}
              ref={bodyRef}
              rows={10}
              value={body}
              maxLength={MAIL_BODY_MAX}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </Field>
        <div>
          <p id="chips-label" className="text-sm font-medium text-slate-700">
            Insert a placeholder into the message
          </p>
          <ul aria-labelledby="chips-label" className="mt-1 flex flex-wrap gap-2">
            {BULK_MAIL_PLACEHOLDERS.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  onClick={() => insert(p)}
                  title={BULK_MAIL_PLACEHOLDER_HELP[p]}
                  aria-label={`Insert {${p}}: ${BULK_MAIL_PLACEHOLDER_HELP[p]}`}
                  className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 font-mono text-sm text-brand-900 hover:bg-brand-100"
                >{`{${p}}`}</button>
              </li>
            ))}
          </ul>
        </div>
        <Alert>{problem}</Alert>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={preview.state !== 'idle'}>
            {preview.state !== 'idle' ? 'Preparing…' : 'Preview'}
          </Button>
          <Button onClick={askToSend} disabled={sending || confirming}>
            Send…
          </Button>
        </div>
      </form>

      <Alert className="mt-3">{error?.error}</Alert>
      {sent ? (
        <p
          role="status"
          className="mt-3 font-semibold text-green-800"
        >{`Your mail to ${plural(sent.recipients, 'person', 'people')} is in the queue: its progress is below.`}</p>
      ) : null}

      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="bulk-send-title"
          aria-describedby="bulk-send-text"
          className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="bulk-send-title" className="text-lg font-semibold text-amber-900">
            {current ? `Send this mail to ${plural(current.count, 'person', 'people')}?` : 'Counting the group…'}
          </h2>
          <p id="bulk-send-text" className="mt-1 text-amber-900">
            Each person in the group gets their own copy now (who is in the group is read again as you send). This cannot be undone.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={confirmRef}
              type="button"
              className={buttonClass({ size: 'sm' })}
              onClick={send}
              disabled={sending || !current || current.count === 0}
            >
              {sending ? 'Sending…' : current ? `Send to ${plural(current.count, 'person', 'people')}` : 'Send'}
            </button>
            <Button variant="quiet" size="sm" className="bg-white" onClick={() => setConfirming(false)} disabled={sending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      {current ? (
        <section aria-labelledby="preview-title" className="mt-6">
          <h2 id="preview-title" className="text-lg font-semibold text-brand-900" data-testid="bulk-count">
            {current.count === 0 ? 'Nobody is in this group now' : `${plural(current.count, 'person', 'people')} will get this mail`}
          </h2>
          {current.mails.length ? (
            <p className="text-sm text-slate-700">
              {current.count > current.mails.length ? `The first ${current.mails.length}:` : 'Each copy:'}
            </p>
          ) : null}
          <div className="mt-2 space-y-3">
            {current.mails.map((m, i) => (
              <MailPreviewCard key={`${m.to}-${i}`} mail={m} label={`Mail to ${m.to}`} className="bg-white" />
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="past-title" className="mt-8">
        <h2 id="past-title" className="text-lg font-semibold text-brand-900">
          Mails sent to groups
        </h2>
        {bulkMails.length === 0 ? (
          <p className="mt-2 text-slate-700">None yet.</p>
        ) : (
          <ol aria-label="Mails sent to groups, newest first" className="mt-2 space-y-3">
            {bulkMails.map((m) => (
              <li key={m._id} className={cardClass()} data-testid="bulk-mail">
                <p className="font-semibold text-slate-900">{m.subject}</p>
                <p className="text-sm text-slate-700">
                  {m.audienceLabel} · {plural(m.recipients, 'recipient', 'recipients')} · {formatDateTime(m.createdAt)}
                  {m.createdByName ? ` · by ${m.createdByName}` : ''}
                </p>
                <Progress mail={m} />
                <Failures mail={m} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
