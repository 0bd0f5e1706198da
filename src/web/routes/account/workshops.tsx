import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { messageOf } from '../../api/client';
import { joinWaitingList, listMyWaitingPlaces, listWorkshopSeats } from '../../api/workshops';
import { formatDateTime } from '../../lib/format';
import { loadOr, useFollowRedirect } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { Route } from './+types/workshops';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Workshop seats') }];

export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  const [courses, mine] = await Promise.all([
    loadOr(listWorkshopSeats(), 'Could not load the workshop courses.'),
    loadOr(listMyWaitingPlaces(), 'Could not load your waiting lists.'),
  ]);
  return { courses, mine };
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

/** Decision 0045: the technical workshop's courses with their seats; a full one takes the caller on its waiting list. */
export default function AccountWorkshops({ loaderData }: Route.ComponentProps) {
  const { courses, mine } = loaderData;
  const followRedirect = useFollowRedirect();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ courseId: string; message: string } | null>(null);
  const placeOf = new Map(mine.map((m) => [m.courseId, m]));

  async function join(courseId: string) {
    setBusy(courseId);
    setError(null);
    try {
      const place = await joinWaitingList(courseId);
      toast.success(`You are number ${place.position} on the waiting list for ${place.title}.`);
      await revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError({ courseId, message: messageOf(err, 'Could not join the waiting list. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="workshops-heading" className="space-y-6">
      <div>
        <h1 id="workshops-heading" className="text-2xl font-bold text-brand-900">
          Workshop seats
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Register for a course with a free seat from{' '}
          <a href="/account/registrations" className="font-semibold text-brand-800 underline underline-offset-4">
            your registrations
          </a>
          . When a course is full, join its waiting list: when a seat comes free, the first person waiting is mailed and may take it.
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {courses.map((c) => {
          const place = placeOf.get(c.id);
          return (
            <li key={c.id} id={c.id}>
              <Card aria-labelledby={`course-${c.id}`} className="h-full space-y-3">
                <h2 id={`course-${c.id}`} className="text-lg font-semibold text-brand-900">
                  {c.title}
                </h2>
                <p className="font-semibold text-slate-800">{c.full ? 'Full' : `${c.left} of ${c.seats} seats left`}</p>
                {place ? (
                  <p className="text-slate-800">
                    {place.position === 0
                      ? 'You registered for this course after waiting for it.'
                      : `You are number ${place.position} on the waiting list (since ${formatDateTime(place.joinedAt)}).`}
                    {place.offeredAt && place.position !== 0
                      ? ` A seat was offered to you on ${formatDateTime(place.offeredAt)}: register for it now.`
                      : ''}
                  </p>
                ) : c.full ? (
                  <Button disabled={busy !== null} onClick={() => void join(c.id)} aria-label={`Join the waiting list for ${c.title}`}>
                    {busy === c.id ? 'Joining…' : 'Join the waiting list'}
                  </Button>
                ) : (
                  <a
                    href={`/account/registrations?category=workshop-${encodeURIComponent(c.id)}#register`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
                  >
                    Register for this course
                  </a>
                )}
                <Alert>{error?.courseId === c.id ? error.message : null}</Alert>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
