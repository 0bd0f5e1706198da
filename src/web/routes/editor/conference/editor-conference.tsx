import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { LOGO_MAX_BYTES, LOGO_TEXT } from '../../../../core/api/conference';
import { conferenceTitle, DEADLINE_KEYS, isTimeZone, zoneLabel, type DeadlineKey } from '../../../../core/conference-facts';
import { DEADLINE_LABELS, formatDeadlineDay, showImportantDate } from '../../../../core/important-dates';
import { UpdateConferenceBody, type EditorConferenceJson } from '../../../../core/schemas/conference';
import { getEditorConference, getLogoImage, removeLogo, updateConference, uploadLogo } from '../../../api/conference';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { ImageSettingCard, readImage, type ImageSetting } from '../shared/image-setting-card';
import { OrganiserSignature, readSignature } from '../shared/organiser-signature';
import type { Route } from './+types/editor-conference';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Conference settings') }];

/** Decision 0051: the conference's own facts, which the public pages, mails and documents read; the stored images. */
export async function clientLoader() {
  requireRole('Editor');
  const saved = await loadOr(getEditorConference(), 'Could not load the conference settings. Please try again.');
  const [signature, logo] = await Promise.all([readSignature(saved.hasSignature), readImage(saved.hasLogo, getLogoImage)]);
  return { saved, signature, logo };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return actOr(
    updateConference(await jsonBody<UpdateConferenceBody>(request)),
    'Could not save the conference settings. Please try again.',
  );
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

export const SAVED_TEXT = 'Saved. The public pages show the new facts now.';
const MAX_IMPORTANT_DATES = 12;
/** Zones offered as the editor types (any IANA zone is taken). */
const COMMON_ZONES = [
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Manila',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Kathmandu',
  'Asia/Colombo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Istanbul',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Africa/Lagos',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
];

interface FormValues {
  edition: string;
  name: string;
  shortName: string;
  startDate: string;
  endDate: string;
  datesText: string;
  submissionsDatesText: string;
  timeZone: string;
  resort: string;
  city: string;
  country: string;
  countryCode: string;
  address: string;
  contactEmail: string;
  contactPhone: string;
  importantDates: DateRow[];
  organiserName: string;
  organiserTitle: string;
}
/**
 * One important date on the form (decision 0065): it follows a deadline of the settings, or has a day of its own; a
 * text kept from before (`legacy`) is shown until the editor picks a day.
 */
interface DateRow {
  key: number;
  label: string;
  follows: DeadlineKey | 'own';
  date: string;
  legacy?: string;
}
const OWN_DATE = 'Its own date';
let nextKey = 0;
const toForm = (saved: EditorConferenceJson): FormValues => {
  const f = saved.facts;
  return {
    edition: f.edition,
    name: f.name,
    shortName: f.shortName,
    startDate: f.startDate,
    endDate: f.endDate,
    datesText: f.datesText,
    submissionsDatesText: f.submissionsDatesText,
    timeZone: f.timeZone,
    ...f.venue,
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    importantDates: f.importantDates.map((d): DateRow =>
      'deadline' in d
        ? { key: ++nextKey, label: d.label, follows: d.deadline, date: '' }
        : 'date' in d
          ? { key: ++nextKey, label: d.label, follows: 'own', date: d.date }
          : { key: ++nextKey, label: d.label, follows: 'own', date: '', legacy: d.text },
    ),
    organiserName: saved.organiserName,
    organiserTitle: saved.organiserTitle,
  };
};
/** The body the server takes: the whole set of facts. */
const toBody = (v: FormValues) => ({
  edition: v.edition,
  name: v.name,
  shortName: v.shortName,
  startDate: v.startDate,
  endDate: v.endDate,
  datesText: v.datesText,
  submissionsDatesText: v.submissionsDatesText,
  timeZone: v.timeZone,
  venue: { resort: v.resort, city: v.city, country: v.country, countryCode: v.countryCode, address: v.address },
  contactEmail: v.contactEmail,
  contactPhone: v.contactPhone,
  importantDates: v.importantDates.map((d): Record<string, string> =>
    d.follows === 'own' ? { label: d.label, date: d.date } : { label: d.label, deadline: d.follows },
  ),
  organiserName: v.organiserName,
  organiserTitle: v.organiserTitle,
});
/** A schema issue's path as the id of the field it belongs to ("venue.city" → "city", "importantDates.2.label"). */
const fieldOf = (path: ReadonlyArray<PropertyKey>): string =>
  (path[0] === 'venue' ? String(path[1]) : path.map(String).join('.')) || 'form';

export default function EditorConference({ loaderData: { saved, signature, logo } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [form, setForm] = useState<FormValues>(() => toForm(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const serverError = result && !result.ok ? result.error : null;

  useEffect(() => {
    setForm(toForm(saved));
  }, [saved]);
  useEffect(() => {
    if (result?.ok) toast.success(SAVED_TEXT);
  }, [result]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (
    key: Exclude<keyof FormValues, 'importantDates'>,
    label: string,
    extra: { hint?: ReactNode; type?: string; maxLength?: number; className?: string; list?: string; autoComplete?: string } = {},
  ) => (
    <Field
      id={`conf-${key}`}
      label={label}
      value={form[key]}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
      type={extra.type ?? 'text'}
      hint={extra.hint}
      maxLength={extra.maxLength}
      className={extra.className}
      list={extra.list}
      autoComplete={extra.autoComplete ?? 'off'}
    />
  );
  const setDate = (i: number, patch: Partial<DateRow>) =>
    set(
      'importantDates',
      form.importantDates.map((d, j) => (j === i ? { ...d, ...patch } : d)),
    );
  const move = (i: number, by: -1 | 1) => {
    const list = [...form.importantDates];
    const [item] = list.splice(i, 1);
    list.splice(i + by, 0, item!);
    set('importantDates', list);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(form);
    const parsed = UpdateConferenceBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`conf-${first}`)?.focus();
      return;
    }
    setErrors({});
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  const zoneKnown = isTimeZone(form.timeZone.trim()) && /^\d{4}-\d{2}-\d{2}$/.test(form.startDate);
  const label = zoneKnown ? zoneLabel({ timeZone: form.timeZone.trim(), startDate: form.startDate }) : null;
  const title = conferenceTitle({ edition: form.edition.trim(), name: form.name.trim() });

  return (
    <div className="max-w-3xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Conference settings</h1>
      <p className="mt-1 text-sm text-slate-700">
        The public pages, mails, calendar files and documents show these facts. A save shows on the site at once.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6" aria-describedby={serverError ? 'conference-error' : undefined}>
        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Name</legend>
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {text('edition', 'Edition', { hint: 'Printed before the name, such as “5th”. May be empty.', maxLength: 40 })}
            {text('name', 'Conference name', { maxLength: 300 })}
          </div>
          {text('shortName', 'Short name', {
            hint: 'In page titles and the footer, such as “IMSE 2025”.',
            maxLength: 60,
            className: 'mt-4 sm:w-80',
          })}
          <p className="mt-4 text-sm text-slate-700">
            Title as printed:{' '}
            <strong id="conference-title" className="text-slate-900">
              {title}
            </strong>
          </p>
        </fieldset>

        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Dates</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('startDate', 'First day', { type: 'date' })}
            {text('endDate', 'Last day', { type: 'date' })}
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {text('datesText', 'Dates as shown on the home page', {
              maxLength: 120,
              hint: 'Written as you want it shown, such as “December 27-28 2026”.',
            })}
            {text('submissionsDatesText', 'Dates as shown on the submissions page', { maxLength: 120 })}
          </div>
          {text('timeZone', 'Time zone', {
            list: 'time-zones',
            maxLength: 60,
            className: 'mt-4 sm:w-80',
            hint: 'An IANA name such as Asia/Bangkok: the programme’s times are shown in it.',
          })}
          <datalist id="time-zones">
            {COMMON_ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <p className="mt-2 text-sm text-slate-700" aria-live="polite">
            Times are labelled:{' '}
            <strong id="zone-label" className="text-slate-900">
              {label ?? '—'}
            </strong>
          </p>
        </fieldset>

        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Venue</legend>
          {text('resort', 'Venue', { maxLength: 200, hint: 'As the home page names it, such as “Sample Beach Resort, Pattaya”.' })}
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_8rem]">
            {text('city', 'City', { maxLength: 100 })}
            {text('country', 'Country', { maxLength: 100 })}
            {text('countryCode', 'Country code', { maxLength: 2, hint: 'Two letters: TH' })}
          </div>
          {text('address', 'Address', { maxLength: 400, className: 'mt-4' })}
        </fieldset>

        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Contact</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('contactEmail', 'E-mail', { type: 'email', maxLength: 254 })}
            {text('contactPhone', 'Phone', { type: 'tel', maxLength: 32, hint: 'Its digits make the chat and call links.' })}
          </div>
        </fieldset>

        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Important dates</legend>
          <p className="text-sm text-slate-700">
            Shown on the public pages in this order; at most {MAX_IMPORTANT_DATES}. A date that follows a deadline shows the deadline’s day
            as the settings hold it, and changes with it.
          </p>
          {errors.importantDates ? <p className="mt-2 text-sm text-red-800">{errors.importantDates}</p> : null}
          <ol className="mt-3 space-y-3">
            {form.importantDates.map((d, i) => (
              <li key={d.key} className="rounded-lg border border-slate-200 p-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    id={`conf-importantDates.${i}.label`}
                    label={`Date ${i + 1}: what`}
                    value={d.label}
                    maxLength={120}
                    error={errors[`importantDates.${i}.label`]}
                    onChange={(e) => setDate(i, { label: e.target.value })}
                  />
                  <Field
                    id={`conf-importantDates.${i}.deadline`}
                    label={`Date ${i + 1}: follows`}
                    error={errors[`importantDates.${i}.deadline`]}
                    hint={
                      d.follows === 'own' ? (
                        d.legacy ? (
                          <>Saved before as “{d.legacy}”: pick the day.</>
                        ) : undefined
                      ) : saved.deadlines[d.follows] ? (
                        <>
                          Now: <strong>{formatDeadlineDay(saved.deadlines[d.follows], saved.facts.timeZone)}</strong>, from the{' '}
                          <Link to="/editor/settings" className="underline">
                            settings
                          </Link>
                        </>
                      ) : (
                        <>
                          Not set yet: the pages print “To be announced”.{' '}
                          <Link to="/editor/settings" className="underline">
                            Set the {DEADLINE_LABELS[d.follows].toLowerCase()}
                          </Link>
                        </>
                      )
                    }
                  >
                    {(control) => (
                      <select
                        {...control}
                        value={d.follows}
                        onChange={(e) => setDate(i, { follows: e.target.value as DateRow['follows'] })}
                      >
                        {DEADLINE_KEYS.map((k) => (
                          <option key={k} value={k}>
                            {DEADLINE_LABELS[k]}
                          </option>
                        ))}
                        <option value="own">{OWN_DATE}</option>
                      </select>
                    )}
                  </Field>
                  {d.follows === 'own' ? (
                    <Field
                      id={`conf-importantDates.${i}.date`}
                      label={`Date ${i + 1}: day`}
                      type="date"
                      value={d.date}
                      error={errors[`importantDates.${i}.date`]}
                      hint={
                        /^\d{4}-\d{2}-\d{2}$/.test(d.date)
                          ? `Shown as “${showImportantDate({ label: d.label, date: d.date }, {}, saved.facts.timeZone).date}”`
                          : undefined
                      }
                      onChange={(e) => setDate(i, { date: e.target.value })}
                    />
                  ) : null}
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button size="sm" variant="quiet" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move date ${i + 1} up`}>
                    Up
                  </Button>
                  <Button
                    size="sm"
                    variant="quiet"
                    disabled={i === form.importantDates.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move date ${i + 1} down`}
                  >
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      set(
                        'importantDates',
                        form.importantDates.filter((_, j) => j !== i),
                      )
                    }
                    aria-label={`Remove date ${i + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <Button
            className="mt-3"
            size="sm"
            variant="secondary"
            disabled={form.importantDates.length >= MAX_IMPORTANT_DATES}
            onClick={() => set('importantDates', [...form.importantDates, { label: '', follows: 'submission', date: '', key: ++nextKey }])}
          >
            Add an important date
          </Button>
        </fieldset>

        <fieldset className={cardClass()}>
          <legend className="px-1 text-lg font-semibold text-brand-900">Documents</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('organiserName', 'Organiser’s name', { maxLength: 200, hint: 'Signs the letters and certificates.' })}
            {text('organiserTitle', 'Organiser’s title', { maxLength: 200, hint: 'Printed under the name.' })}
          </div>
          <p className="mt-3 text-sm text-slate-700">The signature image and the logo below are saved on their own.</p>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save the conference settings'}
          </Button>
          <p role="status" className="text-sm font-medium text-green-800">
            {result?.ok ? SAVED_TEXT : Object.keys(errors).length ? 'Please correct the fields marked above.' : null}
          </p>
        </div>
      </form>
      <div id="conference-error">
        <Alert className="mt-4">{serverError}</Alert>
      </div>
      <OrganiserSignature hasSignature={saved.hasSignature} image={signature} />
      <ConferenceLogo hasLogo={saved.hasLogo} image={logo} />
    </div>
  );
}

/** The logo printed on the conference's documents (PNG or JPEG); without one they carry the drawn IMSE logo. */
const LOGO: ImageSetting = {
  field: 'logo',
  heading: 'Logo',
  description: 'Printed at the top of certificates, letters and receipts. PNG or JPEG, at most 2 MB.',
  alt: 'The conference logo as uploaded',
  loading: 'Loading the logo…',
  none: 'No logo uploaded: documents carry the drawn IMSE logo.',
  uploadLabel: 'Upload a logo',
  saveLabel: 'Save logo',
  removeLabel: 'Remove logo',
  missing: LOGO_TEXT.missing,
  tooLarge: LOGO_TEXT.tooLarge,
  failed: 'The logo could not be saved. Please try again.',
  maxBytes: LOGO_MAX_BYTES,
  resetAfterUpload: true,
  upload: uploadLogo,
  remove: removeLogo,
};

function ConferenceLogo({ hasLogo, image }: { hasLogo: boolean; image: Blob | null }) {
  return <ImageSettingCard has={hasLogo} image={image} setting={LOGO} />;
}
