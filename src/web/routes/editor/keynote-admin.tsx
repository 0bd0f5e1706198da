import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { addNews, addSpeaker, getNews, getSpeakers, removeNews, removeSpeaker } from '../../api/site';
import { actOr, loadOr, revalidateAfterSuccess, type ActionResult } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import { Field, fileInputClass } from '../../components/ui/field';
import type { Route } from './+types/keynote-admin';

export const meta = () => [{ title: 'Keynote admin | IMSE 2025' }];

/** The speakers and the news items, as the public pages show them. */
export async function clientLoader() {
  requireRole('Editor');
  const [speakers, news] = await loadOr(Promise.all([getSpeakers(), getNews()]), 'Could not load the speakers and news. Please try again.');
  return { speakers, news };
}

const SAVE_FAILED = 'Could not save. Please try again.';

/** The four writes, told apart by `intent` (multipart: the speaker's picture is a file). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  switch (intent) {
    case 'addSpeaker': {
      form.delete('intent');
      const picture = form.get('picture');
      if (picture instanceof File && picture.size === 0) form.delete('picture');
      return actOr(addSpeaker(form), SAVE_FAILED, intent);
    }
    case 'removeSpeaker': return actOr(removeSpeaker(id), SAVE_FAILED, intent);
    case 'addNews': return actOr(addNews({ name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') }), SAVE_FAILED, intent);
    case 'removeNews': return actOr(removeNews(id), SAVE_FAILED, intent);
    default: return { ok: false as const, intent, error: SAVE_FAILED };
  }
}

export { RouteError as ErrorBoundary } from '../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

/** SPEC §8's toasts for a fetcher's answer; `onOk` (e.g. empty the form) after a success. */
function useToastResult(fetcher: { state: string; data?: ActionResult<{ message: string }> }, onOk?: () => void) {
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const after = useRef(onOk);
  after.current = onOk;
  useEffect(() => {
    if (!result) return;
    if (result.ok) { toast.success(result.data.message); after.current?.(); } else toast.error(result.error);
  }, [result]);
}

/** Editors add keynote speakers (shown on /keynote) and news items (the home page ticker), and remove them. */
export default function KeynoteAdmin({ loaderData: { speakers, news } }: Route.ComponentProps) {
  const speakerForm = useRef<HTMLFormElement>(null);
  const newsForm = useRef<HTMLFormElement>(null);
  const addingSpeaker = useFetcher<typeof clientAction>();
  const addingNews = useFetcher<typeof clientAction>();
  const removing = useFetcher<typeof clientAction>();
  useToastResult(addingSpeaker, () => speakerForm.current?.reset());
  useToastResult(addingNews, () => newsForm.current?.reset());
  useToastResult(removing);
  const busy = [addingSpeaker, addingNews, removing].some((f) => f.state !== 'idle');
  const remove = (intent: 'removeSpeaker' | 'removeNews', id: string) => removing.submit({ intent, id }, { method: 'post' });

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="speaker-heading">
        <h1 id="speaker-heading" className="text-2xl font-bold text-brand-900">Keynote speakers</h1>
        <addingSpeaker.Form ref={speakerForm} method="post" encType="multipart/form-data" className={cardClass('mt-4 space-y-4')}>
          <input type="hidden" name="intent" value="addSpeaker" />
          <Field id="sp-name" name="name" label="Keynote speaker name" required maxLength={120} />
          <Field id="sp-designation" name="designation" label="Designation" maxLength={200} />
          <Field id="sp-position" name="position" label="Current position" maxLength={200} />
          <Field id="sp-picture" label="Picture (JPEG, PNG or WebP, at most 2 MB)">
            {(control) => <input {...control} name="picture" type="file" accept="image/jpeg,image/png,image/webp" className={fileInputClass} />}
          </Field>
          <Button type="submit" disabled={busy}>Add speaker</Button>
        </addingSpeaker.Form>
        <ul className="mt-4 space-y-2" aria-label="Added speakers">
          {speakers.map((s) => (
            <li key={s._id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-4 py-2">
              <span><span className="font-semibold">{s.name}</span>{s.designation ? `, ${s.designation}` : ''}{s.position ? ` · ${s.position}` : ''}</span>
              <button type="button" disabled={busy} onClick={() => remove('removeSpeaker', s._id)} className="text-sm font-semibold text-red-700 underline">Remove</button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="news-heading">
        <h2 id="news-heading" className="text-2xl font-bold text-brand-900">Important news</h2>
        <addingNews.Form ref={newsForm} method="post" className={cardClass('mt-4 space-y-4')}>
          <input type="hidden" name="intent" value="addNews" />
          <Field id="news-name" name="name" label="Name" required maxLength={200} />
          <Field id="news-description" label="Description">
            {(control) => <textarea {...control} name="description" rows={4} maxLength={2000} />}
          </Field>
          <Button type="submit" disabled={busy}>Add news item</Button>
        </addingNews.Form>
        <ul className="mt-4 space-y-2" aria-label="Added news">
          {news.map((n) => (
            <li key={n._id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-4 py-2">
              <span><span className="font-semibold">{n.name}</span>{n.description ? ` · ${n.description}` : ''}</span>
              <button type="button" disabled={busy} onClick={() => remove('removeNews', n._id)} className="text-sm font-semibold text-red-700 underline">Remove</button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
