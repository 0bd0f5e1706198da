import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { EditorWorkshopJson } from '../../../../core/schemas/workshop';
import { messageOf } from '../../../api/client';
import { listEditorWorkshops, offerWorkshopSeat } from '../../../api/workshops';
import { formatDateTime } from '../../../lib/format';
import { loadOr, useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Route } from './+types/editor-workshops';
import { WorkshopSetup } from './workshop-setup';
import { SeatHolds } from './seat-holds';
import { listSeatHolds } from '../../../api/registration-office';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Workshops') }];

export async function clientLoader() {
  requireRole('Editor');
  const [workshops, holds] = await Promise.all([
    loadOr(listEditorWorkshops(), 'Could not load the workshops.'),
    loadOr(listSeatHolds(), 'Could not load the seats held.'),
  ]);
  return { ...workshops, holds };
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

function Course({ course, offerHours, holdMinutes }: { course: EditorWorkshopJson; offerHours: number; holdMinutes: number }) {
  const followRedirect = useFollowRedirect();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = course.waiting.filter((w) => !w.registered);

  async function offer() {
    setBusy(true);
    setError(null);
    try {
      const offered = await offerWorkshopSeat(course.id);
      toast.success(`Seat offered to ${offered.name} by mail.`);
      await revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The seat could not be offered. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby={`course-${course.id}`} className="space-y-4">
      <h2 id={`course-${course.id}`} className="text-xl font-semibold text-brand-900">
        {course.title}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(
          [
            ['Seats', course.seats],
            ['Paid', course.paid],
            [`Held (pending, under ${holdMinutes} min)`, course.held],
            ['Left', course.left],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold text-brand-900">Participants ({course.participants.length})</h3>
        {course.participants.length === 0 ? (
          <p className="text-slate-700">No paid registrations yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="text-slate-700">
                <tr>
                  <th scope="col" className="py-1 pr-4">
                    Name
                  </th>
                  <th scope="col" className="py-1 pr-4">
                    Affiliation
                  </th>
                  <th scope="col" className="py-1">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {course.participants.map((p) => (
                  <tr key={p.registrationId}>
                    <td className="py-1 pr-4">
                      <a href={`/editor/registrations/${p.registrationId}`} className="text-brand-800 underline underline-offset-4">
                        {p.name}
                      </a>
                    </td>
                    <td className="py-1 pr-4 text-slate-800">{p.affiliation || '—'}</td>
                    <td className="py-1 whitespace-nowrap text-slate-800">{p.paidAt ? formatDateTime(p.paidAt) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-brand-900">Waiting list ({waiting.length})</h3>
        {course.waiting.length === 0 ? (
          <p className="text-slate-700">Nobody is waiting.</p>
        ) : (
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-800">
            {course.waiting.map((w) => (
              <li key={w.id} className="break-words">
                {w.name} &lt;{w.email}&gt; · joined {formatDateTime(w.joinedAt)}
                {w.offeredAt ? ` · seat offered ${formatDateTime(w.offeredAt)}` : ''}
                {w.registered ? ' · registered' : ''}
              </li>
            ))}
          </ol>
        )}
        {waiting.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => void offer()}>
              Offer the seat
            </Button>
            <span className="text-sm text-slate-700">
              {course.offerable > 0
                ? `${course.offerable} free ${course.offerable === 1 ? 'seat' : 'seats'} not yet offered.`
                : 'No free seat to offer.'}{' '}
              An offer holds a seat for {offerHours} hours.
            </span>
          </div>
        )}
        <Alert>{error}</Alert>
      </div>
    </Card>
  );
}

/** Decision 0045: each workshop course's seats, who holds them, and its waiting list. */
export default function EditorWorkshops({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="workshops-heading" className="space-y-6">
      <div>
        <h1 id="workshops-heading" className="text-2xl font-bold text-brand-900">
          Workshops
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          A seat counts when its registration is paid; a pending registration holds one for {loaderData.holds.seatHoldMinutes} minutes (one
          per person and course). When a seat comes free the first person waiting is mailed automatically; Offer the seat mails the next one
          now.
        </p>
      </div>
      <WorkshopSetup details={loaderData.details} courses={loaderData.courses} />
      <SeatHolds holds={loaderData.holds} />
      {loaderData.courses.map((c) => (
        <Course key={c.id} course={c} offerHours={loaderData.offerHours} holdMinutes={loaderData.holds.seatHoldMinutes} />
      ))}
    </section>
  );
}
