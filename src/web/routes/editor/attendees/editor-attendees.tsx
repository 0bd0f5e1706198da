import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REGISTRATION_CATEGORIES, UNSPECIFIED_CATEGORY } from '../../../../core/registration';
import type { AttendeeJson, AttendeesPageJson } from '../../../../core/schemas/attendee';
import { messageOf } from '../../../api/client';
import { getAttendees, saveAttendeesCsv, saveBadgesPdf, type AttendeeFilterInput } from '../../../api/attendees';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { loadPart, useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import type { Route } from './+types/editor-attendees';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Attendees') }];

const FILTERS = ['category', 'status', 'country', 'q'] as const;
const STATUSES: Array<[string, string]> = [
  ['', 'Any'],
  ['paid', 'Paid'],
  ['pending', 'Not paid yet'],
  ['cancelled', 'Cancelled'],
  ['checked-in', 'Checked in'],
  ['not-checked-in', 'Paid, not arrived'],
];
const PAGE = 50;

function filtersOf(params: URLSearchParams): AttendeeFilterInput {
  const get = (k: string) => params.get(k)?.trim() || undefined;
  return { category: get('category'), status: get('status'), country: get('country'), q: get('q') };
}

/** The page the address asks for; a refused filter (400) is shown above the table with the filters still there. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<{ page: AttendeesPageJson | null; error: string | null }> {
  requireRole('Editor');
  const params = new URL(request.url).searchParams;
  const { data: page, error } = await loadPart<AttendeesPageJson | null>(
    getAttendees({ ...filtersOf(params), limit: PAGE, cursor: params.get('cursor') || undefined }),
    null,
    'Failed to load the attendees',
  );
  return { page, error };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

const STATUS_STYLE: Record<AttendeeJson['status'], string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-200 text-slate-800',
};
const STATUS_LABEL: Record<AttendeeJson['status'], string> = { paid: 'Paid', pending: 'Not paid yet', cancelled: 'Cancelled' };

/**
 * The registration desk's list (decision 0047): everyone registered, by name, filtered by category, payment,
 * arrival, country and words; the same filters give the CSV and the badges to print.
 */
export default function EditorAttendees({ loaderData: { page, error } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const cursor = params.get('cursor') ?? '';
  const [previous, setPrevious] = useState<string[]>([]);
  const [downloadError, setDownloadError] = useState('');
  const [busy, setBusy] = useState<'' | 'csv' | 'badges'>('');
  const followRedirect = useFollowRedirect();

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of FILTERS) {
      const v = String(form.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setPrevious([]);
    setParams(next);
  };
  const goTo = (nextCursor: string | null, back: string[]) => {
    const next = new URLSearchParams(params);
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    setPrevious(back);
    setParams(next);
  };
  // File downloads, not data the screen shows: a direct call with the token (a refused token goes to log in).
  async function download(kind: 'csv' | 'badges') {
    setDownloadError('');
    setBusy(kind);
    try {
      await (kind === 'csv' ? saveAttendeesCsv(filters) : saveBadgesPdf(filters));
    } catch (err) {
      if (followRedirect(err)) return;
      console.error(err);
      setDownloadError(
        messageOf(
          err,
          kind === 'csv' ? 'The CSV file could not be downloaded. Please try again.' : 'The badges could not be made. Please try again.',
        ),
      );
    } finally {
      setBusy('');
    }
  }
  const filtered = FILTERS.some((k) => filters[k]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Attendees</h1>
          <p className="mt-1 text-slate-700">Everyone registered, by name. The CSV and the badges follow the filters.</p>
        </div>
        <Link to="/editor/check-in" className={buttonClass()}>
          Check-in desk
        </Link>
      </div>

      <form
        aria-label="Filter the attendees"
        onSubmit={apply}
        className={cardClass('grid gap-4 sm:grid-cols-2 lg:grid-cols-4')}
        key={params.toString()}
      >
        <Field label="Category">
          {(control) => (
            <select name="category" defaultValue={filters.category ?? ''} {...control}>
              <option value="">Any</option>
              {REGISTRATION_CATEGORIES.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
              <option value={UNSPECIFIED_CATEGORY}>Payment without a category</option>
            </select>
          )}
        </Field>
        <Field label="Payment and arrival">
          {(control) => (
            <select name="status" defaultValue={filters.status ?? ''} {...control}>
              {STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          name="country"
          label="Country (two letters)"
          defaultValue={filters.country ?? ''}
          maxLength={2}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. TH"
        />
        <Field name="q" label="Name, e-mail, affiliation or code" defaultValue={filters.q ?? ''} type="search" autoComplete="off" />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Show</Button>
          {filtered ? (
            <Link to="?" className={buttonClass({ variant: 'quiet' })} onClick={() => setPrevious([])}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>

      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => download('csv')} disabled={busy !== ''}>
          {busy === 'csv' ? 'Preparing CSV…' : 'Download CSV'}
        </Button>
        <Button variant="secondary" onClick={() => download('badges')} disabled={busy !== ''}>
          {busy === 'badges' ? 'Making badges…' : 'Badges PDF'}
        </Button>
        <span className="text-sm text-slate-600">{filters.status ? '' : 'Badges: paid registrations unless a status is chosen.'}</span>
      </div>
      <Alert>{downloadError}</Alert>
      <Alert>{error}</Alert>

      {page ? (
        <p className="text-slate-700" role="status">
          {page.total === 1 ? '1 registration' : `${page.total} registrations`}
          {filtered ? ' match' : ''}.
        </p>
      ) : null}
      {page && page.attendees.length > 0 ? <AttendeesTable attendees={page.attendees} /> : null}

      <nav aria-label="Pages of attendees" className="flex flex-wrap gap-2">
        {cursor ? (
          <Button variant="quiet" onClick={() => goTo(previous.at(-1) || null, previous.slice(0, -1))}>
            Previous page
          </Button>
        ) : null}
        {page?.nextCursor ? (
          <Button variant="quiet" onClick={() => goTo(page.nextCursor, [...previous, cursor])}>
            Next page
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

const cell =
  'px-3 py-2 align-top max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-0.5 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

function AttendeesTable({ attendees }: { attendees: AttendeeJson[] }) {
  return (
    <table className="w-full border-collapse text-sm max-sm:block">
      <caption className="sr-only">Attendees, by name</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300 text-left">
          {['Name', 'Affiliation', 'Country', 'Category', 'Payment', 'Arrived', 'Code'].map((h) => (
            <th key={h} scope="col" className="px-3 py-2">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:space-y-3">
        {attendees.map((a) => (
          <tr key={a.id} className="border-b border-slate-200 max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-white max-sm:p-3">
            <td data-label="Name" className={cell}>
              <Link to={`/editor/registrations/${a.id}`} className="font-medium text-brand-700 underline">
                {a.name}
              </Link>
              <br />
              <span className="break-all text-slate-600">{a.email}</span>
            </td>
            <td data-label="Affiliation" className={cell}>
              {a.affiliation || '—'}
            </td>
            <td data-label="Country" className={cell}>
              {a.country || '—'}
            </td>
            <td data-label="Category" className={cell}>
              {a.categoryLabel}
            </td>
            <td data-label="Payment" className={cell}>
              <span>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[a.status]}`}>
                  {STATUS_LABEL[a.status]}
                </span>{' '}
                <span className="whitespace-nowrap tabular-nums text-slate-700">{formatMoney(a.amountMinor, a.currency)}</span>
              </span>
            </td>
            <td data-label="Arrived" className={`${cell} whitespace-nowrap`}>
              {a.checkedInAt ? <time dateTime={a.checkedInAt}>{formatDateTime(a.checkedInAt)}</time> : '—'}
            </td>
            <td data-label="Code" className={`${cell} whitespace-nowrap font-mono text-xs`}>
              {a.code}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
