import { useEffect, useState } from 'react';
import type { RegistrationOfficeJson } from '../../../../core/schemas/registration-office';
import { messageOf } from '../../../api/client';
import { getRegistrationOffice, updateRegistrationOffice } from '../../../api/registration-office';
import { formatLongDate } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * Decision 0077: before the conference's first day the desk marks no attendance; the organiser may open badge pick-up,
 * and scanning then records that the badge was handed out. From the first day this says check-in is open.
 */
export function BadgePickup() {
  const [office, setOffice] = useState<RegistrationOfficeJson | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const followRedirect = useFollowRedirect();
  useEffect(() => {
    getRegistrationOffice()
      .then(setOffice)
      .catch((err: unknown) => {
        if (!followRedirect(err)) setError(messageOf(err, 'Could not read whether check-in is open.'));
      });
  }, [followRedirect]);
  if (!office) return <Alert>{error}</Alert>;
  if (office.conferenceStarted) return <p className="text-slate-700">The conference has begun: each check-in marks attendance.</p>;
  async function toggle(open: boolean) {
    setBusy(true);
    setError('');
    try {
      setOffice(await updateRegistrationOffice({ badgePickupOpen: open }));
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="pickup-heading" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="pickup-heading" className="font-semibold text-amber-950">
        Before the first day ({formatLongDate(office.firstDay, 'UTC')})
      </h2>
      <p className="text-amber-950" data-testid="pickup-state">
        {office.badgePickupOpen
          ? 'Badge pick-up is open: a scan records that the badge was handed out, not attendance.'
          : 'Check-in marks attendance from the first day. Open badge pick-up to hand out badges before then.'}
      </p>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void toggle(!office.badgePickupOpen)}>
        {office.badgePickupOpen ? 'Close badge pick-up' : 'Open badge pick-up'}
      </Button>
      <Alert>{error}</Alert>
    </section>
  );
}
