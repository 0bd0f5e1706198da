import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { RetentionJson } from '../../../../core/schemas/retention';
import { getRetention, saveRetention } from '../../../api/retention';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, cardClass } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { appTitle } from '../../../lib/seo';
import { requireRole } from '../../../lib/session';
import type { Route } from './+types/editor-retention';

export const meta = () => [{ title: appTitle('Data retention') }];

export async function clientLoader() {
  requireRole('Editor');
  return loadOr(getRetention(), 'Could not load the retention settings. Please try again.');
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return actOr(saveRetention(await jsonBody(request)), 'Could not save the retention settings. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

const daysOf = (r: RetentionJson) => Object.fromEntries(r.rules.map((x) => [x.kind, x.days === null ? '' : String(x.days)]));

/** Decision 0071: per kind, how many days after an edition closes its data is kept; a daily job removes the rest. */
export default function EditorRetention({ loaderData: saved }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [days, setDays] = useState<Record<string, string>>(() => daysOf(saved));
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => setDays(daysOf(saved)), [saved]);
  useEffect(() => {
    if (result?.ok) toast.success(result.data.message);
  }, [result]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Empty keeps the kind; anything that is not a whole number goes as typed, for the server to say why it is refused.
    const rules = Object.fromEntries(
      Object.entries(days).map(([k, v]) => [k, v.trim() === '' ? null : /^-?\d+$/.test(v.trim()) ? Number(v) : v.trim()]),
    );
    fetcher.submit({ rules }, { method: 'put', encType: 'application/json' });
  };

  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold text-brand-900">Data retention</h1>
      <p className="mt-2 text-slate-700">
        How long each kind of an edition’s data is kept after the edition closes. Once a day, what is past its period is removed, and the
        audit log says how much of each. Leave a period empty to keep that kind.
      </p>
      <form onSubmit={submit} className="mt-6 space-y-3">
        {saved.rules.map((r) => (
          <div key={r.kind} className={cardClass('grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center')}>
            <div>
              <label htmlFor={`days-${r.kind}`} className="font-semibold text-brand-900">
                {r.label}
              </label>
              <p id={`removes-${r.kind}`} className="text-sm text-slate-700">
                {r.removes} Suggested: {r.suggestedDays} days.
              </p>
            </div>
            <div className="flex items-center gap-2">
              <input
                id={`days-${r.kind}`}
                inputMode="numeric"
                aria-describedby={`removes-${r.kind}`}
                value={days[r.kind] ?? ''}
                placeholder="Keep"
                onChange={(e) => setDays((d) => ({ ...d, [r.kind]: e.target.value }))}
                className="w-28 rounded-md border border-slate-400 px-3 py-2"
              />
              <span className="text-slate-700">days</span>
            </div>
          </div>
        ))}
        <Alert>{result && !result.ok ? result.error : null}</Alert>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save retention'}
        </Button>
      </form>
      <Card className="mt-8" aria-labelledby="closed-editions">
        <h2 id="closed-editions" className="text-lg font-semibold text-brand-900">
          Closed editions
        </h2>
        {saved.editions.length === 0 ? (
          <p className="mt-1 text-slate-700">No edition has closed yet: nothing is removed.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">When each kind of each closed edition’s data is removed</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Edition
                  </th>
                  {saved.rules.map((r) => (
                    <th key={r.kind} scope="col" className="py-1 pr-3">
                      {r.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {saved.editions.map((e) => (
                  <tr key={e.year} className="border-t border-slate-200">
                    <th scope="row" className="py-1 pr-3">
                      {e.year} (closed {formatDate(e.closedAt)})
                    </th>
                    {saved.rules.map((r) => (
                      <td key={r.kind} className="py-1 pr-3">
                        {e.removals[r.kind] ? formatDate(e.removals[r.kind]!) : 'Kept'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
