import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { wallClockToIso } from '../../../../core/conference-facts';
import { categoryLabel, type RegistrationCategory } from '../../../../core/registration';
import type { CouponJson, PricesJson } from '../../../../core/schemas/registration';
import { messageOf } from '../../../api/client';
import {
  createCoupon,
  createEarlyBirdPrice,
  deleteEarlyBirdPrice,
  listCoupons,
  getPrices,
  listEarlyBirdPrices,
  updateCoupon,
} from '../../../api/registrations';
import { CONFERENCE_TIME_ZONE, CONFERENCE_ZONE_NAME as ZONE, formatDateTime, formatMoney } from '../../../lib/format';
import { loadOr, useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import type { Route } from './+types/editor-pricing';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Pricing') }];

export async function clientLoader() {
  requireRole('Editor');
  const [earlyBirds, coupons, prices] = await Promise.all([
    loadOr(listEarlyBirdPrices(), 'Could not load the early-bird prices.'),
    loadOr(listCoupons(), 'Could not load the coupons.'),
    loadOr(getPrices(), 'Could not load the registration categories.'),
  ]);
  return { earlyBirds: earlyBirds.earlyBirdPrices, coupons: coupons.coupons, categories: categoriesOf(prices) };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** The categories with this edition's workshop courses at their fees (decision 0045), from the server's price list. */
const categoriesOf = (p: PricesJson): Pick<RegistrationCategory, 'key' | 'label' | 'usdMinor'>[] =>
  p.prices.map((r) => ({ key: r.category, label: r.label, usdMinor: r.regularUsdMinor }));
type Categories = ReturnType<typeof categoriesOf>;

/** "2026-11-30T23:59" typed in the conference's time zone (the facts' zone, decision 0051) → an ISO instant. */
const conferenceInstant = (local: string) => wallClockToIso(local, CONFERENCE_TIME_ZONE);
/** "550.00" → 55000 cents, without floating point. */
function centsOf(typed: string): number | null {
  const m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}

function useAct() {
  const followRedirect = useFollowRedirect();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      toast.success(done);
      await revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, act };
}

function EarlyBirds({ rows, categories }: { rows: Route.ComponentProps['loaderData']['earlyBirds']; categories: Categories }) {
  const { busy, error, act } = useAct();
  const [f, setF] = useState({ category: categories[0]?.key ?? '', price: '', until: '' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const usdMinor = centsOf(f.price);
    void act(async () => {
      if (usdMinor === null) throw new Error('Give the price in dollars, e.g. 450 or 450.00');
      if (!f.until) throw new Error('Give the date and time the early-bird price ends');
      await createEarlyBirdPrice({ category: f.category, usdMinor, until: conferenceInstant(f.until) });
    }, 'Early-bird price added.');
  };
  return (
    <Card aria-labelledby="early-heading" className="space-y-4">
      <h2 id="early-heading" className="text-xl font-semibold text-brand-900">
        Early-bird prices
      </h2>
      <p className="text-sm text-slate-700">
        A category costs this many dollars until the date ({ZONE}); rupees at 74 to the dollar. Registrations made keep their price.
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-700">No early-bird prices yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-slate-800">
                <span className="font-semibold">{r.categoryLabel}</span>: {formatMoney(r.usdMinor, 'USD')} ({formatMoney(r.inrMinor, 'INR')}
                ) until {formatDateTime(r.until)}
                {r.open ? '' : ' (ended)'}
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => void act(() => deleteEarlyBirdPrice(r.id), 'Early-bird price removed.')}
                aria-label={`Remove the early-bird price of ${r.categoryLabel} until ${formatDateTime(r.until)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Add an early-bird price">
        <Field label="Category" className="sm:col-span-3">
          {(c) => (
            <select {...c} value={f.category} onChange={(e) => setF({ ...f, category: e.target.value })}>
              {categories.map((cat) => (
                <option key={cat.key} value={cat.key}>
                  {cat.label} (list {formatMoney(cat.usdMinor, 'USD')})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Early-bird price (USD)"
          inputMode="decimal"
          value={f.price}
          onChange={(e) => setF({ ...f, price: e.target.value })}
          required
        />
        <Field
          label={`Until (${ZONE})`}
          type="datetime-local"
          value={f.until}
          onChange={(e) => setF({ ...f, until: e.target.value })}
          required
        />
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Add early-bird price
          </Button>
        </div>
      </form>
      <Alert>{error}</Alert>
    </Card>
  );
}

function couponValue(c: CouponJson): string {
  return c.kind === 'percent' ? `${c.value}% off` : `${formatMoney(c.value, 'USD')} off (${formatMoney(c.value * 74, 'INR')})`;
}

function Coupons({ rows, categories }: { rows: CouponJson[]; categories: Categories }) {
  const { busy, error, act } = useAct();
  const [f, setF] = useState({ code: '', kind: 'percent' as 'percent' | 'fixed', value: '', category: '', limit: '', expires: '' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const value = f.kind === 'percent' ? Number(f.value) : centsOf(f.value);
      if (value === null || !Number.isInteger(value))
        throw new Error(f.kind === 'percent' ? 'Give the percent as a whole number, 1 to 100' : 'Give the discount in dollars, e.g. 50');
      await createCoupon({
        code: f.code,
        kind: f.kind,
        value,
        categories: f.category ? [f.category] : [],
        usageLimit: f.limit ? Number(f.limit) : null,
        expiresAt: f.expires ? conferenceInstant(f.expires) : null,
      });
    }, 'Coupon created.');
  };
  return (
    <Card aria-labelledby="coupons-heading" className="space-y-4">
      <h2 id="coupons-heading" className="text-xl font-semibold text-brand-900">
        Coupon codes
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700">No coupons yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th className="py-2 pr-3">Code</th>
                <th className="pr-3">Discount</th>
                <th className="pr-3">For</th>
                <th className="pr-3">Used</th>
                <th className="pr-3">Expires</th>
                <th>
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.code} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3 font-mono font-semibold">
                    {c.code}
                    {c.disabled ? <span className="ml-1 font-sans font-normal text-slate-700">(disabled)</span> : null}
                  </td>
                  <td className="pr-3">{couponValue(c)}</td>
                  <td className="pr-3">
                    {c.categories.length === 0 ? 'Every category' : c.categories.map((k) => categoryLabel(k)).join('; ')}
                  </td>
                  <td className="whitespace-nowrap pr-3">
                    {c.used}
                    {c.usageLimit === null ? '' : ` of ${c.usageLimit}`}
                  </td>
                  <td className="pr-3">{c.expiresAt ? formatDateTime(c.expiresAt) : 'Never'}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`${c.disabled ? 'Enable' : 'Disable'} coupon ${c.code}`}
                      onClick={() =>
                        void act(() => updateCoupon(c.code, { disabled: !c.disabled }), c.disabled ? 'Coupon enabled.' : 'Coupon disabled.')
                      }
                    >
                      {c.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Create a coupon">
        <Field
          label="Code"
          value={f.code}
          onChange={(e) => setF({ ...f, code: e.target.value.toUpperCase() })}
          required
          hint="3 to 32 letters, digits, - or _"
        />
        <Field label="Kind">
          {(c) => (
            <select {...c} value={f.kind} onChange={(e) => setF({ ...f, kind: e.target.value as 'percent' | 'fixed' })}>
              <option value="percent">Percent off</option>
              <option value="fixed">Fixed amount off (USD)</option>
            </select>
          )}
        </Field>
        <Field
          label={f.kind === 'percent' ? 'Percent' : 'Amount off (USD)'}
          inputMode="decimal"
          value={f.value}
          onChange={(e) => setF({ ...f, value: e.target.value })}
          required
        />
        <Field label="For category">
          {(c) => (
            <select {...c} value={f.category} onChange={(e) => setF({ ...f, category: e.target.value })}>
              <option value="">Every category</option>
              {categories.map((cat) => (
                <option key={cat.key} value={cat.key}>
                  {cat.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Usage limit (optional)" inputMode="numeric" value={f.limit} onChange={(e) => setF({ ...f, limit: e.target.value })} />
        <Field
          label={`Expires (${ZONE}, optional)`}
          type="datetime-local"
          value={f.expires}
          onChange={(e) => setF({ ...f, expires: e.target.value })}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Create coupon
          </Button>
        </div>
      </form>
      <Alert>{error}</Alert>
    </Card>
  );
}

/** Decision 0043: the prices the organiser controls — early-bird windows per category and coupon codes. */
export default function EditorPricing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Pricing</h1>
        <p className="mt-2 text-slate-700">
          The fee rows of the registration page at their list prices, with early-bird windows and coupons on top. A coupon's use is counted
          when a registration takes it and given back when an unpaid registration is cancelled.
        </p>
      </div>
      <EarlyBirds rows={loaderData.earlyBirds} categories={loaderData.categories} />
      <Coupons rows={loaderData.coupons} categories={loaderData.categories} />
    </div>
  );
}
