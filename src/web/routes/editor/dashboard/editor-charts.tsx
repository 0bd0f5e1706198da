import { formatDayMonth } from '../../../lib/format';
import { memo, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { EditorStatsJson } from '../../../../core/schemas/editor-stats';
import { RECOMMENDATIONS } from '../../../../core/schemas/review-cycle';
import { Alert } from '../../../components/ui/alert';
import { cardClass } from '../../../components/ui/card';

/**
 * The editor dashboard's charts (docs/product.md#the-review-cycle), loaded with React.lazy on that page only, so uPlot never
 * reaches another page; the figures come from the dashboard's loader. Each chart is a picture for the eye
 * (aria-hidden) beside a table for screen readers.
 */
const BRAND = '#163d72';
const MUTED = '#94a3b8';
const HEIGHT = 180;

type Bars = { labels: string[]; values: number[]; colors?: string[] };

function BarChart({ data, yLabel }: { data: Bars; yLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = data.labels.map((_, i) => i);
    const max = Math.max(1, ...data.values);
    const bars = uPlot.paths.bars!({ size: [0.6, 48], align: 0 });
    const colors = data.colors;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: false, range: [-0.5, xs.length - 0.5] }, y: { range: [0, Math.ceil(max * 1.1)] } },
      axes: [
        {
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (data.labels[v] ?? '') : '')),
          splits: () => xs,
          gap: 4,
          size: 36,
        },
        { label: yLabel, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')), size: 44 },
      ],
      series: [
        {},
        {
          label: yLabel,
          paths: bars,
          points: { show: false },
          fill: colors ? undefined : `${BRAND}cc`,
          stroke: BRAND,
          ...(colors
            ? {
                fill: (u: uPlot) => {
                  // One colour per bar: a horizontal gradient with hard stops at the bars' edges.
                  const ctx = u.ctx;
                  const g = ctx.createLinearGradient(u.bbox.left, 0, u.bbox.left + u.bbox.width, 0);
                  colors.forEach((c, i) => {
                    g.addColorStop(i / colors.length, c);
                    g.addColorStop((i + 1) / colors.length, c);
                  });
                  return g;
                },
              }
            : {}),
        },
      ],
    };
    const plot = new uPlot(opts, [xs, data.values], el);
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [data, yLabel]);
  return <div ref={box} aria-hidden="true" className="w-full" />;
}

function Figure({
  title,
  caption,
  children,
  table,
}: {
  title: string;
  caption: string;
  children: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <figure className={cardClass('min-w-0 shadow-sm')}>
      <figcaption>
        <h2 className="text-base font-semibold text-brand-900">{title}</h2>
        <p className="text-sm text-slate-600">{caption}</p>
      </figcaption>
      <div className="mt-2">{children}</div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

const shortDay = formatDayMonth;

/** Memoised: typing in the dashboard's search does not redraw the charts, a new set of figures does. */
export default memo(function EditorCharts({ stats, error }: { stats: EditorStatsJson | null; error: string | null }) {
  if (!stats) return <Alert>{error ?? 'Could not load the figures.'}</Alert>;

  // The last 14 days with submissions (a chair looks at the recent run-up to the deadline).
  const days = stats.submissionsPerDay.slice(-14);
  const total = stats.submissionsPerDay.reduce((n, d) => n + d.count, 0);
  const { done, expected } = stats.reviews;
  const reviewCount = stats.recommendations.reduce((n, r) => n + r.count, 0);

  return (
    <section aria-label="Figures" className="grid gap-4 md:grid-cols-3">
      <Figure
        title="Submissions per day"
        caption={`${total === 1 ? '1 paper' : `${total} papers`} in all${stats.submissionsPerDay.length > 14 ? '; the last 14 days with submissions' : ''}.`}
        table={
          <table>
            <caption>Submissions per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Papers</th>
              </tr>
            </thead>
            <tbody>
              {stats.submissionsPerDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        {days.length ? (
          <BarChart data={{ labels: days.map((d) => shortDay(d.day)), values: days.map((d) => d.count) }} yLabel="Papers" />
        ) : (
          <p className="py-8 text-center text-sm text-slate-600">No submissions yet.</p>
        )}
      </Figure>
      <Figure
        title="Reviews done"
        caption={`${done} of ${expected} expected (${stats.reviews.reviewersPerPaper} per paper × ${stats.reviews.papers} papers).`}
        table={
          <table>
            <caption>Reviews done against expected</caption>
            <tbody>
              <tr>
                <th scope="row">Done</th>
                <td>{done}</td>
              </tr>
              <tr>
                <th scope="row">Expected</th>
                <td>{expected}</td>
              </tr>
            </tbody>
          </table>
        }
      >
        <BarChart data={{ labels: ['Done', 'Expected'], values: [done, expected], colors: [BRAND, MUTED] }} yLabel="Reviews" />
      </Figure>
      <Figure
        title="Recommendations"
        caption={`${reviewCount === 1 ? '1 review' : `${reviewCount} reviews`}, from 1 (strong reject) to 5 (strong accept).`}
        table={
          <table>
            <caption>Reviews per recommendation</caption>
            <thead>
              <tr>
                <th scope="col">Recommendation</th>
                <th scope="col">Reviews</th>
              </tr>
            </thead>
            <tbody>
              {stats.recommendations.map((r) => (
                <tr key={r.recommendation}>
                  <th scope="row">
                    {r.recommendation} ({RECOMMENDATIONS[r.recommendation as keyof typeof RECOMMENDATIONS]})
                  </th>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <BarChart
          data={{ labels: stats.recommendations.map((r) => String(r.recommendation)), values: stats.recommendations.map((r) => r.count) }}
          yLabel="Reviews"
        />
      </Figure>
    </section>
  );
});
