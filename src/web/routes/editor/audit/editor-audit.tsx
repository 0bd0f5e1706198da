import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditAction } from '../../../../core/audit-actions';
import { type AuditEntryJson, type AuditPageJson } from '../../../../core/schemas/records';
import { getAudit, type AuditFilters } from '../../../api/editor-desk';
import { ExportLinks } from '../../../components/export-links';
import { formatDateTime } from '../../../lib/format';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { loadPart } from '../../../lib/route-data';
import type { Route } from './+types/editor-audit';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Audit log') }];

/** Actions the server records; the filter also takes a prefix ending in a dot ("review." finds every review action). */
const ACTIONS: ReadonlyArray<AuditAction | `${string}.`> = [
  'user.signup',
  'login.failed',
  'email.verify',
  'password.reset',
  'session.',
  'account.erase',
  'retention.apply',
  'paper.submit',
  'paper.revise',
  'paper.co-authors',
  'paper.withdraw',
  'paper.decision',
  'review.invite',
  'review.assign',
  'review.unassign',
  'review.remind',
  'review.respond',
  'review.comment',
  'review.',
  'track.create',
  'track.update',
  'track.chairs',
  'track.preflight',
  'track.',
  'settings.update',
  'mail.retry',
  'keynote.add',
  'keynote.edit',
  'keynote.move',
  'keynote.remove',
  'news.add',
  'news.edit',
  'news.move',
  'news.remove',
  'payment.callback',
];
const FILTERS = ['action', 'actorId', 'paperId', 'from', 'to', 'limit'] as const;
const PAGE_SIZES = ['25', '50', '100'];

/** A date input's day as an instant: the start of the day (from) or its last millisecond (to), in the browser's time zone. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The address's filters as the API's query. */
function queryOf(params: URLSearchParams): AuditFilters {
  const get = (k: string) => params.get(k) || undefined;
  const from = get('from');
  const to = get('to');
  const limit = params.get('limit') ?? '';
  return {
    action: get('action'),
    actorId: get('actorId'),
    paperId: get('paperId'),
    from: from ? dayStart(from) : undefined,
    to: to ? dayEnd(to) : undefined,
    cursor: get('cursor'),
    limit: PAGE_SIZES.includes(limit) ? limit : '50',
  };
}

/**
 * The page of entries the address asks for. A refused filter (the server's 400) is shown above the table,
 * with the filters and exports still there to correct it: it is returned, not thrown.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<{ page: AuditPageJson | null; error: string | null }> {
  requireRole('Editor');
  const { data: page, error } = await loadPart<AuditPageJson | null>(
    getAudit(queryOf(new URL(request.url).searchParams)),
    null,
    'Failed to load the audit log',
  );
  return { page, error };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** The editor's read-only log of who did what: filters in the address (so a filtered view can be shared), pages by cursor. */
export default function EditorAudit({ loaderData: { page: data, error } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const cursor = params.get('cursor') ?? '';
  // The cursors of the pages before this one, so "Newer" can step back.
  const [previous, setPrevious] = useState<string[]>([]);
  const limit = String(queryOf(params).limit);
  const key = params.toString();

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
  const only = (k: 'actorId' | 'paperId', v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    next.delete('cursor');
    return `?${next.toString()}`;
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Audit log</h1>
        <p className="mt-1 text-slate-700">
          Every change, newest first: when, who, what, which paper, from which address. Nothing here can be edited.
        </p>
      </div>

      <form aria-label="Filter the audit log" onSubmit={apply} className={cardClass('grid gap-4 sm:grid-cols-2 lg:grid-cols-6')} key={key}>
        <Field
          name="action"
          label="Action"
          defaultValue={filters.action}
          list="audit-actions"
          placeholder="e.g. review."
          autoComplete="off"
        />
        <datalist id="audit-actions">
          {ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <Field name="actorId" label="Who (user id)" defaultValue={filters.actorId} autoComplete="off" spellCheck={false} />
        <Field name="paperId" label="Paper ID" defaultValue={filters.paperId} autoComplete="off" spellCheck={false} />
        <Field name="from" label="From" type="date" defaultValue={filters.from} />
        <Field name="to" label="To" type="date" defaultValue={filters.to} />
        <Field label="Rows per page">
          {(control) => (
            <select name="limit" defaultValue={limit} {...control}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Show</Button>
          {FILTERS.some((k) => k !== 'limit' && filters[k]) ? (
            <Link to="?" className={buttonClass({ variant: 'quiet' })} onClick={() => setPrevious([])}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>

      <Alert>{error}</Alert>
      {data && data.entries.length === 0 ? <p className="text-slate-700">No entries match.</p> : null}
      {data && data.entries.length > 0 ? <AuditTable entries={data.entries} only={only} /> : null}

      <nav aria-label="Pages of the audit log" className="flex flex-wrap gap-2">
        {cursor ? (
          <Button variant="quiet" onClick={() => goTo(previous.at(-1) || null, previous.slice(0, -1))}>
            Newer
          </Button>
        ) : null}
        {data?.nextCursor ? (
          <Button variant="quiet" onClick={() => goTo(data.nextCursor, [...previous, cursor])}>
            Older
          </Button>
        ) : null}
      </nav>

      <ExportLinks names={['audit']} title="Download the audit log as CSV" more />
    </div>
  );
}

const cell =
  'px-3 py-2 align-top max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-0.5 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

function AuditTable({ entries, only }: { entries: AuditEntryJson[]; only: (k: 'actorId' | 'paperId', v: string) => string }) {
  return (
    <table className="w-full border-collapse text-sm max-sm:block">
      <caption className="sr-only">Audit log entries</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300 text-left">
          <th scope="col" className="px-3 py-2">
            When
          </th>
          <th scope="col" className="px-3 py-2">
            Who
          </th>
          <th scope="col" className="px-3 py-2">
            Action
          </th>
          <th scope="col" className="px-3 py-2">
            Paper
          </th>
          <th scope="col" className="px-3 py-2">
            Address
          </th>
          <th scope="col" className="px-3 py-2">
            Details
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:space-y-3">
        {entries.map((e) => (
          <tr key={e._id} className="border-b border-slate-200 max-sm:block max-sm:rounded-xl max-sm:border max-sm:bg-white max-sm:p-3">
            <td data-label="When" className={`${cell} whitespace-nowrap`}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </td>
            <td data-label="Who" className={cell}>
              {e.actorId ? (
                <span>
                  <span className="font-medium">{e.actorRole ?? '—'}</span>{' '}
                  <Link
                    to={only('actorId', e.actorId)}
                    className="break-all font-mono text-xs text-brand-700 underline"
                    title="Only this person"
                  >
                    {e.actorId}
                  </Link>
                </span>
              ) : (
                <span className="text-slate-600">anonymous</span>
              )}
            </td>
            <td data-label="Action" className={`${cell} font-mono`}>
              {e.action}
            </td>
            <td data-label="Paper" className={cell}>
              {e.paperId ? (
                <Link
                  to={only('paperId', e.paperId)}
                  className="break-all font-mono text-xs text-brand-700 underline"
                  title="Only this paper"
                >
                  {e.paperId}
                </Link>
              ) : (
                '—'
              )}
            </td>
            <td data-label="Address" className={`${cell} break-all font-mono text-xs`}>
              {e.ip ?? '—'}
            </td>
            <td data-label="Details" className={`${cell} break-all font-mono text-xs text-slate-700`}>
              {Object.keys(e.details).length
                ? Object.entries(e.details)
                    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                    .join(', ')
                : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
