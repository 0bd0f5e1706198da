import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { messageOf } from '../../../api/client';
import { matchPayment } from '../../../api/registration-office';
import { useFollowRedirect } from '../../../lib/route-data';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';

/**
 * A paid payment that names no registration (SPEC's public "Pay Now"), matched to one by its code (decision 0077):
 * the server refuses an amount below what the registration owes; matched, the registration is paid and its receipt issued.
 */
export function MatchPayment({ paymentId }: { paymentId: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  const followRedirect = useFollowRedirect();
  const inputId = `match-${paymentId}`;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const matched = await matchPayment(paymentId, code);
      toast.success(
        `Matched to registration ${matched.registrationCode}${matched.receiptNumber ? `: paid, receipt ${matched.receiptNumber}` : ''}.`,
      );
      setCode('');
      void revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The payment could not be matched. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-2 space-y-1">
      <label htmlFor={inputId} className="block text-xs font-semibold text-slate-700">
        Match to registration code
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className={`${inputClass} mt-0 w-52 font-mono text-sm`}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={busy || !code.trim()}>
          Match
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
