import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { Email } from '../../../core/schemas/common';
import type { ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';

const MAX = 100;

/**
 * The author's declared conflicts of interest (docs/product.md#the-review-cycle): e-mails of people who must not review the paper.
 * The host route's loader reads the saved list (`saved`, or `loadError`); an update posts `intent: 'conflicts'`.
 */
export function AuthorConflicts({ saved, loadError }: { saved: string[] | null; loadError: string | null }) {
  const fetcher = useFetcher<ActionResult<{ emails: string[] }>>();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(loadError);
  const [status, setStatus] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const emails = draft ?? saved ?? [];

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const n = result.data.emails.length;
    const text = n ? `Conflicts saved: ${n} ${n === 1 ? 'address' : 'addresses'}` : 'Conflicts saved: none declared';
    setDraft(null);
    setStatus(text);
    toast.success(text);
  }, [result]);

  const change = (next: string[]) => {
    setDraft(next);
    setError(null);
    setStatus(null);
  };

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setStatus(null);
    const parsed = Email.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    const address = parsed.data;
    if (emails.some((x) => x.toLowerCase() === address.toLowerCase())) {
      setError(`${address} is already on the list`);
      return;
    }
    if (emails.length >= MAX) {
      setError(`At most ${MAX} addresses`);
      return;
    }
    change([...emails, address]);
    setEmail('');
  };

  const save = () => {
    setError(null);
    setStatus(null);
    fetcher.submit({ intent: 'conflicts', emails }, { method: 'post', encType: 'application/json' });
  };

  const changed = saved !== null && draft !== null && (saved.length !== draft.length || saved.some((x, i) => x !== draft[i]));

  return (
    <Card aria-labelledby="conflicts-heading" className="space-y-3">
      <h2 id="conflicts-heading" className="font-semibold text-brand-900">
        Conflicts of interest
      </h2>
      <p className="text-sm text-slate-700">
        People who must not review this paper: colleagues, recent co-authors, advisors. Reviewers sharing your institution&rsquo;s e-mail
        domain are left out automatically.
      </p>
      {emails.length ? (
        <ul className="space-y-1.5" aria-label="Declared conflicts">
          {emails.map((address) => (
            <li key={address} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm">
              <span className="min-w-0 break-all">{address}</span>
              <Button
                variant="danger"
                size="sm"
                className="shrink-0"
                onClick={() => change(emails.filter((x) => x !== address))}
                aria-label={`Remove ${address}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : saved !== null ? (
        <p className="text-sm text-slate-600">No conflict declared.</p>
      ) : null}
      <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-2">
        <Field
          id="conflict-email"
          className="min-w-0 flex-1"
          label="E-mail of a person with a conflict"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Add
        </Button>
      </form>
      <Alert>{error}</Alert>
      <Alert tone="success">{status}</Alert>
      <Button onClick={save} disabled={busy || !changed}>
        {busy ? 'Saving…' : 'Update conflict list'}
      </Button>
    </Card>
  );
}
