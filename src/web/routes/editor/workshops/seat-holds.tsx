import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import type { SeatHoldsJson } from '../../../../core/schemas/registration-office';
import { messageOf } from '../../../api/client';
import { releaseSeatHold, updateRegistrationOffice } from '../../../api/registration-office';
import { formatDateTime } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { Field } from '../../../components/ui/field';

/**
 * Decision 0077: who holds a seat with an unpaid registration (name, e-mail, since, until), the hold time the
 * organiser sets, and releasing a hold (the registration is cancelled, its holder mailed, the release audited).
 */
export function SeatHolds({ holds }: { holds: SeatHoldsJson }) {
  const { revalidate } = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [minutes, setMinutes] = useState(String(holds.seatHoldMinutes));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      await revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const saved = await updateRegistrationOffice({ seatHoldMinutes: Number(minutes) });
      toast.success(`An unpaid registration now holds its seat for ${saved.seatHoldMinutes} minutes.`);
    });
  };

  return (
    <Card aria-labelledby="holds-heading" className="space-y-4">
      <h2 id="holds-heading" className="text-xl font-semibold text-brand-900">
        Seats held by unpaid registrations ({holds.holds.length})
      </h2>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <Field
          label="Hold time (minutes)"
          hint="How long an unpaid registration keeps its seat while the payer pays (5 to 1440)."
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className="w-60"
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Save hold time
        </Button>
      </form>
      <Alert>{error}</Alert>
      {holds.holds.length === 0 ? (
        <p className="text-slate-700">No seat is held.</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="seat-holds" aria-label="Seats held by unpaid registrations, oldest first">
          {holds.holds.map((h) => (
            <li key={h.registrationId} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="seat-hold">
              <div className="min-w-0 flex-1 basis-64">
                <a href={`/editor/registrations/${h.registrationId}`} className="font-semibold text-brand-800 underline underline-offset-4">
                  {h.name}
                </a>
                <p className="break-all text-slate-800">{h.email}</p>
                <p className="text-slate-800">{h.categoryLabel}</p>
                <p className="text-sm text-slate-700">
                  Held since {formatDateTime(h.since)}, expires {formatDateTime(h.expires)}
                </p>
              </div>
              <ConfirmButton
                size="sm"
                variant="danger"
                disabled={busy}
                aria-label={`Release the seat held by ${h.name}`}
                title={`Release the seat held by ${h.name}?`}
                body={
                  <p>
                    Their unpaid registration {h.code} is cancelled and they are told by mail; the seat goes to the waiting list or is free
                    again.
                  </p>
                }
                confirmLabel="Release the seat"
                onConfirm={() =>
                  act(async () => {
                    await releaseSeatHold(h.registrationId);
                    toast.success(`The seat held by ${h.name} is released.`);
                  })
                }
              >
                Release
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
