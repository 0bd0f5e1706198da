import {
  AWARD_CEREMONY_FEE_USD, EXTRA_PAGE_FEES, EXTRA_PAGES_AFTER, FEES_WITH_PUBLICATION, FEES_WITHOUT_PUBLICATION, PAGES_COVERED,
  PAYER_CATEGORIES, PUBLICATIONS, USD_TO_INR, toCurrency,
} from '../../../core/fees';
import { formatFee } from '../../../core/format-money';
import { PageHeader } from '../../components/page-header';
import { PaymentSection } from './payment-section';
import { BulletList, Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { feeIncludes, registrationIntro, registrationNotes } from '../../content/registration';
import type { IslandHandle } from '../../lib/islands';

export const meta = () => pageMeta({
  title: 'Registration and Fees',
  description: `Registration fees of the ${conference.title}, with and without publication, award ceremony and extra pages, in US dollars and Indian rupees.`,
  path: '/registration',
});

const usd = (n: number) => formatFee(n, 'USD');
const inr = (n: number) => formatFee(n, 'INR');

function Amount({ usdValue }: { usdValue: number }) {
  return (
    <>
      <span className="block whitespace-nowrap font-bold text-brand-900">{usd(usdValue)}</span>
      <span className="block whitespace-nowrap text-sm text-slate-600">{inr(toCurrency(usdValue, 'INR'))}</span>
    </>
  );
}

function FeeTable({ caption, head, rows }: { caption: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    // Focusable region: on the narrowest phones the table scrolls sideways, by keyboard too.
    <div className="overflow-x-auto rounded-xl border border-brand-100 bg-white shadow-sm" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[20rem] text-left">
        <caption className="bg-brand-800 px-4 py-3 text-left font-bold text-white">{caption}</caption>
        <thead className="bg-brand-50 text-sm text-brand-900">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-4 py-3 font-semibold">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-brand-100">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => j === 0
                ? <th key={j} scope="row" className="px-4 py-3 font-semibold text-slate-800">{c}</th>
                : <td key={j} className="px-4 py-3">{c}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The payment section and its modal: payment-section.island.ts. */
export const handle: IslandHandle = { island: 'registration' };

export default function Registration() {
  return (
    <>
      <PageHeader title="Registration and Fees" subtitle={registrationIntro} />
      <Section title="Registration fees">
        <p className="mb-6 text-slate-700">All prices are in US dollars; the rupee amounts use the stated rate of 1 dollar = {USD_TO_INR} rupees.</p>
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <FeeTable
              caption="With publication"
              head={['Category', ...PUBLICATIONS]}
              rows={PAYER_CATEGORIES.map((c) => [c, ...PUBLICATIONS.map((p) => <Amount key={p} usdValue={FEES_WITH_PUBLICATION[c][p]} />)])}
            />
          </div>
          <FeeTable
            caption="Without publication"
            head={['Registration', 'Fee']}
            rows={FEES_WITHOUT_PUBLICATION.map((f) => [f.item, <Amount key={f.item} usdValue={f.usd} />])}
          />
          <FeeTable
            caption="Award ceremony"
            head={['Registration', 'Fee']}
            rows={[['Award ceremony', <Amount key="award" usdValue={AWARD_CEREMONY_FEE_USD} />]]}
          />
          <div className="lg:col-span-2">
            <FeeTable
              caption={`Extra pages (beyond ${EXTRA_PAGES_AFTER} pages, per page)`}
              head={['Journal', 'INR per page', 'USD per page']}
              rows={EXTRA_PAGE_FEES.map((f) => [f.journal, inr(f.inr), usd(f.usd)])}
            />
            <p className="mt-3 text-sm text-slate-700">The registration fee covers {PAGES_COVERED} pages.</p>
          </div>
        </div>
      </Section>
      <div className="bg-brand-50">
        <PaymentSection />
        <p className="mx-auto max-w-7xl px-4 pb-8 text-slate-800">
          <a href="/account/registrations" className="font-semibold text-brand-700 underline">Register online (early-bird prices, coupons, receipts)</a>
        </p>
      </div>
      <Section title="The registration fee includes">
        <BulletList items={feeIncludes} className="max-w-3xl text-slate-800" />
      </Section>
      <Section title="Notes" tone="tint">
        <BulletList items={registrationNotes} className="max-w-3xl text-slate-800" />
        <p className="mt-6 text-slate-800">
          Workshop participants: see the <a href="/technical-workshop" className="font-semibold text-brand-700 underline">technical workshop</a> courses.
          Registration terms are on the <a href="/terms" className="font-semibold text-brand-700 underline">Terms</a> page.
        </p>
      </Section>
    </>
  );
}
