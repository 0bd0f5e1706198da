import { useState } from 'react';
import { redirect, useFetcher } from 'react-router';
import { CARRY_OVER, CARRY_OVER_LABELS, OpenEditionBody, type CarryOver } from '../../../../core/api/editions';
import { formatDate } from '../../../lib/format';
import { getEditions, openEdition } from '../../../api/editions';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Route } from './+types/editor-editions';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Editions') }];

/** The conference's editions (decision 0060): the editor alone opens the next one. */
export async function clientLoader() {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  return loadOr(getEditions(), 'Could not load the editions. Please try again.');
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const parsed = OpenEditionBody.safeParse(await jsonBody<unknown>(request));
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues[0]?.message ?? 'Please check the form' };
  return actOr(openEdition(parsed.data), 'Could not open the edition. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** Carried by default: what an organiser nearly always keeps from one year to the next. */
const CARRIED_BY_DEFAULT: CarryOver[] = ['tracks', 'chairs', 'review-form', 'mail-templates', 'site'];

export default function EditorEditions({ loaderData: { editions } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const current = editions.find((e) => e.isCurrent);
  const latest = editions.reduce((y, e) => Math.max(y, e.year), 0);
  const [year, setYear] = useState(String(latest + 1));
  const [carry, setCarry] = useState<CarryOver[]>(CARRIED_BY_DEFAULT);
  const [confirming, setConfirming] = useState(false);
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';
  const toggle = (c: CarryOver) => setCarry((was) => (was.includes(c) ? was.filter((x) => x !== c) : [...was, c]));
  const open = () => fetcher.submit({ year: Number(year), carry }, { method: 'post', encType: 'application/json' });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Editions</h1>
        <p className="mt-1 text-slate-700">
          The conference is a series: each year is an edition with its own dates, tracks, papers, reviews, registrations, programme and
          awards. Accounts belong to the series. Past editions stay online as read-only records.
        </p>
      </div>

      {result && !result.ok ? <Alert tone="error">{result.error}</Alert> : null}
      {result?.ok ? <Alert tone="success">{result.data.message}</Alert> : null}

      <Card>
        <h2 className="text-lg font-semibold text-brand-900">All editions</h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {editions.map((e) => (
            <li key={e.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between">
              <span>
                <span className="font-semibold">{e.year}</span> · {e.title}
                <span className="block text-sm text-slate-700">
                  {e.datesText}
                  {e.place ? ` · ${e.place}` : ''}
                </span>
              </span>
              <span className="text-sm text-slate-700">
                {e.isCurrent ? (
                  <strong className="text-green-800">Current edition</strong>
                ) : (
                  `Closed ${e.closedAt ? formatDate(e.closedAt) : ''} · read-only`
                )}
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-brand-900">Open the next edition</h2>
        <p className="mt-1 text-slate-700">
          {current ? `The ${current.year} edition becomes a read-only record. ` : ''}
          The new edition starts with the current settings without any deadline, and the conference's facts moved on a year for you to
          check. Papers, reviews, bids, registrations and payments never carry over.
        </p>
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setConfirming(true);
          }}
        >
          <label className="block max-w-xs">
            <span className="block font-medium text-slate-900">Year of the new edition</span>
            <input
              type="number"
              name="year"
              min={latest + 1}
              max={2200}
              required
              value={year}
              onChange={(e) => {
                setYear(e.target.value);
                setConfirming(false);
              }}
              className="mt-1 w-full rounded border border-slate-400 px-3 py-2 text-base"
            />
          </label>
          <fieldset>
            <legend className="font-medium text-slate-900">Carry over from this edition</legend>
            <ul className="mt-2 space-y-2">
              {CARRY_OVER.map((c) => (
                <li key={c}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" className="mt-1 h-5 w-5" checked={carry.includes(c)} onChange={() => toggle(c)} />
                    <span>{CARRY_OVER_LABELS[c]}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {confirming ? (
            <div role="alertdialog" aria-labelledby="confirm-open" className="rounded border border-amber-400 bg-amber-50 p-4">
              <p id="confirm-open" className="font-medium text-amber-900">
                Open the {year} edition now? From then on the site, the login area and every form act on {year}; the {current?.year} edition
                can no longer be changed.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Button type="button" onClick={open} disabled={busy}>
                  {busy ? 'Opening…' : `Open the ${year} edition`}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button type="submit">Open the next edition…</Button>
          )}
        </form>
      </Card>
    </div>
  );
}
