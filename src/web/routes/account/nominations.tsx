import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { STUDENT_STATUSES, YOUNG_SCIENTIST_AWARD, YOUNG_SCIENTIST_RULE } from '../../../core/awards-programme';
import { NOMINATION_STATUS_LABELS } from '../../../core/schemas/award';
import { createNomination, listMyNominations } from '../../api/awards';
import { messageOf } from '../../api/client';
import { loadOr, useFollowRedirect } from '../../lib/route-data';
import { CONFERENCE_ZONE_NAME, formatDate, formatDateTime } from '../../lib/format';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fileInputClass } from '../../components/ui/field';
import type { Route } from './+types/nominations';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Award nominations') }, { name: 'robots', content: 'noindex' }];

/** Any signed-in role may nominate (decision 0044). */
export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(listMyNominations(), 'Could not load your nominations. Please try again.');
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';

const STATUS_TONE: Record<string, string> = {
  submitted: 'bg-amber-100 text-amber-900',
  awarded: 'bg-green-100 text-green-900',
  'not-awarded': 'bg-slate-200 text-slate-800',
};

/** The nomination form (the year's 28 categories, CV as PDF, optional photo, statement) and the caller's nominations with their state. */
export default function Nominations({ loaderData: data }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const followRedirect = useFollowRedirect();
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    setError(null);
    try {
      const fd = new FormData(form);
      // An empty optional photo input still sends an empty file part: leave it out.
      const photo = fd.get('photo');
      if (photo instanceof File && photo.size === 0) fd.delete('photo');
      const res = await createNomination(fd);
      toast.success(res.message);
      form.reset();
      setCategory('');
      await revalidator.revalidate();
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The nomination could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Award nominations {data.year}</h1>
      <p className="mt-2 text-slate-700">
        Nominate yourself or a colleague for one of the {data.categories.length} awards of {data.year}. A panel of experts scores every
        nomination; the nominee and you are told the decision by mail. Nominations close {formatDateTime(data.deadline)} (
        {CONFERENCE_ZONE_NAME}).{' '}
        <a href={`/awards-${data.year}`} className="font-semibold text-brand-700 underline">
          The awards {data.year}
        </a>
      </p>

      {data.open ? (
        <Card className="mt-6" aria-labelledby="nominate">
          <h2 id="nominate" className="text-lg font-semibold text-brand-900">
            Nominate
          </h2>
          <form onSubmit={(e) => void onSubmit(e)} className="mt-3 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Nominee’s name" name="nomineeName" required maxLength={200} autoComplete="off" />
              <Field label="Nominee’s email" name="nomineeEmail" type="email" required maxLength={254} autoComplete="off" />
              <Field label="Designation" name="designation" required maxLength={200} hint="e.g. Associate Professor" />
              <Field label="Affiliation" name="affiliation" required maxLength={300} hint="University, institute or company" />
            </div>
            <Field label="Award category">
              {(c) => (
                <select {...c} name="category" required value={category} onChange={(e) => setCategory(e.target.value)}>
                  <option value="">Choose a category…</option>
                  {data.categories.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {category === YOUNG_SCIENTIST_AWARD ? (
              <fieldset className="rounded-lg border border-brand-200 bg-brand-50 p-4">
                <legend className="px-1 font-semibold text-brand-900">Young Scientist rule</legend>
                <p className="text-sm text-slate-800">{YOUNG_SCIENTIST_RULE} Give the age, or the study, or both.</p>
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  <Field label="Nominee’s age" name="age" type="number" min={10} max={120} step={1} inputMode="numeric" />
                  <Field label="Studying for">
                    {(c) => (
                      <select {...c} name="studentStatus" defaultValue="none">
                        <option value="none">Not a student</option>
                        {STUDENT_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {s === 'Masters' ? 'A Masters degree' : `A ${s}`}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
              </fieldset>
            ) : null}
            <Field label="Statement" hint="Why this nominee deserves the award: their work, its impact (at most 5000 characters).">
              {(c) => <textarea {...c} name="statement" required maxLength={5000} rows={5} />}
            </Field>
            <Field label="CV (PDF)" hint="The nominee’s CV as a PDF.">
              {(c) => <input {...c} className={fileInputClass} type="file" name="cv" accept="application/pdf,.pdf" required />}
            </Field>
            <Field label="Photo (optional)" hint="JPEG, PNG or WebP, at most 2 MB: shown on the awards page if the nominee is awarded.">
              {(c) => <input {...c} className={fileInputClass} type="file" name="photo" accept="image/jpeg,image/png,image/webp" />}
            </Field>
            <Alert>{error}</Alert>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send the nomination'}
            </Button>
          </form>
        </Card>
      ) : (
        <Alert tone="info" className="mt-6">
          Nominations for the {data.year} awards are closed.
        </Alert>
      )}

      <section className="mt-8" aria-labelledby="my-nominations">
        <h2 id="my-nominations" className="text-lg font-semibold text-brand-900">
          Your nominations
        </h2>
        {data.nominations.length ? (
          <ul className="mt-3 space-y-3">
            {data.nominations.map((n) => (
              <Card as="li" key={n.id} className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{n.nomineeName}</p>
                  <p className="break-words text-sm text-slate-700">
                    {n.category} {n.year} · {n.designation}, {n.affiliation}
                  </p>
                  <p className="text-xs text-slate-600">Sent {formatDate(n.createdAt)}</p>
                </div>
                <div className="text-right">
                  <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[n.status]}`}>
                    {NOMINATION_STATUS_LABELS[n.status]}
                  </span>
                  {n.awardId ? <p className="mt-1 font-mono text-sm text-brand-900">Award id {n.awardId}</p> : null}
                </div>
              </Card>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">You have not nominated anyone yet.</p>
        )}
      </section>
    </div>
  );
}
