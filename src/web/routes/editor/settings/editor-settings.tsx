import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import {
  BLIND_ANNOTATION_TEXT,
  DATE_KEYS,
  REVIEW_VISIBILITY,
  SETTINGS_FIELDS,
  type EditorSettings as Settings,
  type UpdateSettingsBody,
} from '../../../../core/schemas/settings';
import { getSettings, updateSettings } from '../../../api/review';
import { visitorZone } from '../../../lib/format';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { OrganiserSignature, readSignature } from '../shared/organiser-signature';
import type { Route } from './+types/editor-settings';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Review settings') }];

/** The slice's read: who may see it, then the server's settings (a failure shows in RouteError) and the signature image. */
export async function clientLoader() {
  requireRole('Editor');
  const saved = await loadOr(getSettings(), 'Could not load the settings. Please try again.');
  return { saved, signature: await readSignature('hasSignature' in saved && saved.hasSignature === true) };
}

/** The slice's write: the changed fields go to the server, which answers with the settings as saved. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return actOr(updateSettings(await jsonBody<UpdateSettingsBody>(request)), 'Could not save the settings. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

/** Words for the fields we know; any other field the server returns is shown with its name spelled out. */
const HINTS: Record<string, string> = {
  submissionDeadline: 'After it, new papers are refused.',
  reviewDeadline: 'After it, reviews can no longer be saved. It must come after the submission deadline.',
  cameraReadyDeadline: 'After it, accepted papers take no final version. It must come after the review deadline.',
  reviewersPerPaper: 'From 1 to 20.',
  maxPapersPerReviewer: 'From 1 to 500.',
  blindReview: 'Reviewers never see the authors’ names or e-mail addresses.',
  blindAnnotationText:
    'Under blind review, reviewers get the PDF without its properties, attached files and comments’ authors. A comment’s text that names an author is always removed.',
  reviewerApproval: 'New reviewers receive no papers until an editor approves them on the Reviewers page.',
  reminderDaysBefore: 'From 1 to 60; leave empty for no reminders. Each reviewer with work left gets one e-mail.',
  biddingDeadline: 'Reviewers bid on the papers they would like to review until then.',
  responseOpens: 'From then, authors read the reviews’ comments to them and can respond.',
  responseCloses: 'After it, authors can no longer send or change a response.',
  discussionDeadline: 'Reviewers and chairs discuss the papers until then.',
  notificationDate: 'The authors hear the decisions by then.',
  reviewVisibility: 'Reviewers appear to each other as “Reviewer 1, 2…”; chairs see their names.',
  responseWordLimit: `From ${SETTINGS_FIELDS.responseWordLimit.min} to ${SETTINGS_FIELDS.responseWordLimit.max}. A longer response is refused.`,
  doiPrefix:
    'The publisher’s prefix from Crossref: 10. and 4 to 9 digits, such as 10.12345. Leave empty while there is none: the Crossref export needs it.',
  organiserName: 'Signs the visa letters and certificates, under the signature image.',
  organiserTitle: 'Printed under the name, such as “Organising Secretary”.',
  passportRetentionDays: `From ${SETTINGS_FIELDS.passportRetentionDays.min} to ${SETTINGS_FIELDS.passportRetentionDays.max}. Passport numbers given for visa letters are removed this many days after the conference’s last day (or after the request, for one made later).`,
  doiPattern:
    'Each paper’s DOI after the prefix and a slash: {year} is the conference’s year and {paperId} the paper’s id (required); otherwise letters, digits and - . _ ; ( ) /',
};
/** Settings that are one of a few choices, each with its words: radio buttons. */
const CHOICES: Record<string, Record<string, string>> = { reviewVisibility: REVIEW_VISIBILITY, blindAnnotationText: BLIND_ANNOTATION_TEXT };
/** The proceedings' DOI settings (decision 0042): free text the server checks. */
const TEXT_KEYS = new Set(['doiPrefix', 'doiPattern']);
/** Who signs the conference's letters, and how long passport numbers are kept (decision 0046): a section of their own. */
const ORGANISER_KEYS = new Set(['organiserName', 'organiserTitle']);
const LETTER_NUMBER_KEYS = new Set(['passportRetentionDays']);
/** Shown, not sent: the signature image has its own upload. */
const READ_ONLY = new Set(['hasSignature']);
/** The dates, grouped as the phases run (decision 0035); DATE_KEYS is their order, which the server enforces. */
const DATE_GROUPS: ReadonlyArray<{ title: string; keys: readonly string[] }> = [
  { title: 'Submission and reviewing', keys: DATE_KEYS.slice(0, 3) },
  { title: 'Author response', keys: DATE_KEYS.slice(3, 5) },
  { title: 'Discussion and decisions', keys: DATE_KEYS.slice(5) },
];
const LABELS: Record<string, { label: string; hint?: string }> = Object.fromEntries(
  Object.entries(SETTINGS_FIELDS).map(([key, f]) => [key, { label: f.label, hint: HINTS[key] }]),
);
/** The limits of a number field, as the server checks them (core SETTINGS_FIELDS). */
const limitsOf = (key: string): { min?: number; max?: number } => {
  const f = (SETTINGS_FIELDS as Record<string, { min?: number; max?: number }>)[key];
  return f ? { min: f.min, max: f.max } : {};
};

const labelOf = (key: string) => LABELS[key]?.label ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
const isDeadline = (key: string) => (DATE_KEYS as readonly string[]).includes(key);
/** Numbers that may be empty (null: off). */
const OPTIONAL_NUMBERS = new Set(['reminderDaysBefore']);

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (local wall time) as an ISO instant; '' means no deadline. */
export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

type Values = Record<string, string | number | boolean | null>;

/** The settings as the form's text and checkbox values. */
const toForm = (settings: Settings) =>
  Object.fromEntries(
    Object.entries(settings as Values).map(([k, v]) => [
      k,
      typeof v === 'boolean' ? v : isDeadline(k) ? toLocalInput(v as string | null) : v === null ? '' : String(v),
    ]),
  );

export default function EditorSettings({ loaderData: { saved, signature } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [form, setForm] = useState<Record<string, string | boolean>>(() => toForm(saved));
  const zone = visitorZone();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const error = result && !result.ok ? result.error : null;

  // After a save the loader reads the settings again: the form shows what the server kept.
  useEffect(() => {
    setForm(toForm(saved));
  }, [saved]);
  useEffect(() => {
    if (result?.ok) toast.success('Settings saved.');
  }, [result]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const patch: Values = {};
    for (const [key, before] of Object.entries(saved as Values)) {
      if (READ_ONLY.has(key)) continue;
      const value = form[key];
      if (typeof before === 'boolean') patch[key] = value === true;
      else if (isDeadline(key)) patch[key] = fromLocalInput(String(value ?? ''));
      else if (OPTIONAL_NUMBERS.has(key)) patch[key] = String(value ?? '').trim() === '' ? null : Number(value);
      else if (typeof before === 'number') patch[key] = String(value).trim() === '' ? Number.NaN : Number(value);
      else if (key in CHOICES) patch[key] = String(value);
      else if (TEXT_KEYS.has(key) || ORGANISER_KEYS.has(key)) patch[key] = String(value ?? '').trim();
    }
    // A number left empty is sent as such, so the server names the field (JSON has no NaN: null).
    for (const [k, v] of Object.entries(patch)) if (typeof v === 'number' && Number.isNaN(v)) patch[k] = null;
    fetcher.submit(patch, { method: 'post', encType: 'application/json' });
  };

  const keys = Object.keys(saved);
  const dateGroups = DATE_GROUPS.map((g) => ({ ...g, keys: g.keys.filter((k) => keys.includes(k)) })).filter((g) => g.keys.length > 0);
  const dateInput = (key: string) => (
    <div key={key}>
      <label htmlFor={key} className="block font-medium text-slate-800">
        {labelOf(key)}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={key}
          type="datetime-local"
          value={String(form[key] ?? '')}
          aria-describedby={described(key)}
          onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
          className="w-64 max-w-full rounded-md border border-slate-300 px-3 py-2"
        />
        <Button
          variant="quiet"
          size="sm"
          onClick={() => setForm((f) => ({ ...f, [key]: '' }))}
          disabled={!form[key]}
          aria-label={`Clear ${labelOf(key).toLowerCase()}`}
        >
          Clear
        </Button>
      </div>
      {hint(key)}
    </div>
  );
  const numberKeys = keys.filter(
    (k) => !isDeadline(k) && !LETTER_NUMBER_KEYS.has(k) && (typeof (saved as Values)[k] === 'number' || OPTIONAL_NUMBERS.has(k)),
  );
  const booleanKeys = keys.filter((k) => typeof (saved as Values)[k] === 'boolean' && !READ_ONLY.has(k));
  const hint = (key: string) =>
    LABELS[key]?.hint ? (
      <p id={`${key}-hint`} className="mt-1 text-sm text-slate-600">
        {LABELS[key]!.hint}
      </p>
    ) : null;
  const described = (key: string) => (LABELS[key]?.hint ? `${key}-hint` : undefined);
  const choice = (key: string) => (
    <fieldset aria-describedby={described(key)}>
      <legend className="font-medium text-slate-800">{labelOf(key)}</legend>
      <div className="mt-1 space-y-1">
        {Object.entries(CHOICES[key] ?? {}).map(([value, text]) => (
          <label key={value} className="flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name={key}
              value={value}
              checked={form[key] === value}
              onChange={() => setForm((f) => ({ ...f, [key]: value }))}
              className="h-5 w-5"
            />
            {text}
          </label>
        ))}
      </div>
      {hint(key)}
    </fieldset>
  );

  return (
    <div className="max-w-3xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Review settings</h1>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6" aria-describedby={error ? 'settings-error' : undefined}>
        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Dates</legend>
          <p className="text-sm text-slate-600">
            Times are in your time zone ({zone}). Leave a field empty for no date. The dates run in the order of the conference’s phases:
            each must come after the ones above it.
          </p>
          <div className="mt-3 space-y-5">
            {dateGroups.map((group) => (
              <fieldset key={group.title} className="space-y-4 border-t border-slate-200 pt-3">
                <legend className="pr-2 text-base font-semibold text-slate-800">{group.title}</legend>
                {group.keys.map(dateInput)}
              </fieldset>
            ))}
          </div>
        </fieldset>
        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Reviewing</legend>
          <div className="space-y-4">
            {'reviewVisibility' in saved ? choice('reviewVisibility') : null}
            {numberKeys.map((key) => (
              <div key={key}>
                <label htmlFor={key} className="block font-medium text-slate-800">
                  {labelOf(key)}
                </label>
                <input
                  id={key}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  {...limitsOf(key)}
                  value={String(form[key] ?? '')}
                  aria-describedby={described(key)}
                  onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                  className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-2"
                />
                {hint(key)}
              </div>
            ))}
            {booleanKeys.map((key) => (
              <div key={key}>
                <div className="flex items-center gap-2">
                  <input
                    id={key}
                    type="checkbox"
                    checked={form[key] === true}
                    aria-describedby={described(key)}
                    onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))}
                    className="h-5 w-5"
                  />
                  <label htmlFor={key} className="font-medium text-slate-800">
                    {labelOf(key)}
                  </label>
                </div>
                {hint(key)}
                {/* What the reviewers' copy keeps under blind review sits with blind review. */}
                {key === 'blindReview' && 'blindAnnotationText' in saved ? (
                  <div className="mt-3 ml-7">{choice('blindAnnotationText')}</div>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        {keys.some((k) => TEXT_KEYS.has(k)) ? (
          <fieldset className={cardClass()}>
            <legend className="px-1 text-lg font-semibold text-brand-900">Proceedings</legend>
            <div className="space-y-4">
              {keys
                .filter((k) => TEXT_KEYS.has(k))
                .map((key) => (
                  <div key={key}>
                    <label htmlFor={key} className="block font-medium text-slate-800">
                      {labelOf(key)}
                    </label>
                    <input
                      id={key}
                      type="text"
                      spellCheck={false}
                      autoComplete="off"
                      maxLength={100}
                      value={String(form[key] ?? '')}
                      aria-describedby={described(key)}
                      placeholder={key === 'doiPrefix' ? '10.12345' : undefined}
                      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                      className="mt-1 w-80 max-w-full rounded-md border border-slate-300 px-3 py-2 font-mono"
                    />
                    {hint(key)}
                  </div>
                ))}
            </div>
          </fieldset>
        ) : null}
        {keys.some((k) => ORGANISER_KEYS.has(k)) ? (
          <fieldset className={cardClass()}>
            <legend className="px-1 text-lg font-semibold text-brand-900">Letters and certificates</legend>
            <div className="space-y-4">
              {keys
                .filter((k) => ORGANISER_KEYS.has(k))
                .map((key) => (
                  <div key={key}>
                    <label htmlFor={key} className="block font-medium text-slate-800">
                      {labelOf(key)}
                    </label>
                    <input
                      id={key}
                      type="text"
                      maxLength={120}
                      value={String(form[key] ?? '')}
                      aria-describedby={described(key)}
                      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                      className="mt-1 w-full max-w-md rounded-md border border-slate-300 px-3 py-2"
                    />
                    {hint(key)}
                  </div>
                ))}
              {keys
                .filter((k) => LETTER_NUMBER_KEYS.has(k))
                .map((key) => (
                  <div key={key}>
                    <label htmlFor={key} className="block font-medium text-slate-800">
                      {labelOf(key)}
                    </label>
                    <input
                      id={key}
                      type="number"
                      inputMode="numeric"
                      step={1}
                      {...limitsOf(key)}
                      value={String(form[key] ?? '')}
                      aria-describedby={described(key)}
                      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
                      className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-2"
                    />
                    {hint(key)}
                  </div>
                ))}
            </div>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </Button>
          <p role="status" className="text-sm font-medium text-green-800">
            {result?.ok ? 'Settings saved.' : null}
          </p>
        </div>
      </form>
      <div id="settings-error">
        <Alert className="mt-4">{error}</Alert>
      </div>
      {'hasSignature' in saved ? <OrganiserSignature hasSignature={saved.hasSignature} image={signature} /> : null}
    </div>
  );
}
