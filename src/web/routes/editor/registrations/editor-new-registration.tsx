import { useState, type FormEvent } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { EditorRegistrationBody } from '../../../../core/api/receipts';
import { inCurrency } from '../../../../core/registration';
import { formatMoney } from '../../../lib/format';
import { messageOf } from '../../../api/client';
import { createEditorRegistration } from '../../../api/receipts';
import { getPrices } from '../../../api/registrations';
import { loadOr, useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { appTitle } from '../../../lib/seo';
import type { Route } from './+types/editor-new-registration';

export const meta = () => [{ title: appTitle('Register someone') }];

export async function clientLoader() {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  // The categories with this edition's workshop courses and their fees (decision 0045).
  return { categories: (await loadOr(getPrices(), 'Could not load the registration categories.')).prices };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

const EMPTY = {
  name: '',
  email: '',
  affiliation: '',
  country: '',
  category: '',
  currency: 'USD',
  paperId: '',
  coupon: '',
  billingName: '',
  billingAddress: '',
};
type Form = typeof EMPTY;

/**
 * Decision 0043: the editor registers someone else (a guest, a speaker, a payer by bank transfer). The server prices it
 * as for anyone; the new registration's page then takes the bank transfer when it arrives.
 */
export default function EditorNewRegistration({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const followRedirect = useFollowRedirect();
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const currency = form.currency === 'INR' ? 'INR' : 'USD';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const parsed = EditorRegistrationBody.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setBusy(true);
    try {
      const created = await createEditorRegistration(parsed.data);
      await navigate(`/editor/registrations/${created.registration.id}`);
    } catch (err) {
      if (followRedirect(err)) return;
      setError(messageOf(err, 'The registration could not be saved. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <div className="max-w-3xl space-y-4">
      <p>
        <Link to="/editor/dashboard" className="text-brand-700 underline">
          Back to the editor&apos;s desk
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-brand-900">Register someone</h1>
      <p className="text-slate-700">
        The fee is the one in force today (early-bird and coupon included); nothing is paid yet. Record the bank transfer on the
        registration&apos;s page when it arrives.
      </p>
      <Card>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <Field label="Name" value={form.name} onChange={set('name')} required autoComplete="off" />
          <Field label="E-mail" type="email" value={form.email} onChange={set('email')} required autoComplete="off" />
          <Field label="Affiliation" value={form.affiliation} onChange={set('affiliation')} />
          <Field label="Country" hint="Two letters (ISO 3166), e.g. TH" value={form.country} onChange={set('country')} maxLength={2} />
          <Field label="Category" className="sm:col-span-2">
            {(control) => (
              <select {...control} value={form.category} onChange={set('category')} required>
                <option value="">Choose a category</option>
                {loaderData.categories.map((c) => (
                  <option key={c.category} value={c.category}>
                    {c.label} ({formatMoney(inCurrency(c.regularUsdMinor, currency), currency)} list price)
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Currency">
            {(control) => (
              <select {...control} value={form.currency} onChange={set('currency')}>
                <option value="USD">US dollars (USD)</option>
                <option value="INR">Indian rupees (INR)</option>
              </select>
            )}
          </Field>
          <Field label="Paper ID (optional)" value={form.paperId} onChange={set('paperId')} autoComplete="off" />
          <Field label="Coupon (optional)" value={form.coupon} onChange={set('coupon')} autoComplete="off" />
          <Field
            label="Billing name (optional)"
            hint="As it should appear on the receipt"
            value={form.billingName}
            onChange={set('billingName')}
          />
          <Field label="Billing address (optional)" className="sm:col-span-2">
            {(control) => <textarea {...control} rows={3} value={form.billingAddress} onChange={set('billingAddress')} />}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Register'}
            </Button>
          </div>
        </form>
        <Alert className="mt-3">{error}</Alert>
      </Card>
    </div>
  );
}
