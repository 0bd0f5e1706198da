import { useState } from 'react';
import { toast } from 'sonner';
import { messageOf } from '../api/client';
import { addNews, addSpeaker, getNews, getSpeakers, removeNews, removeSpeaker } from '../api/review';
import { requireRole } from '../components/session';
import { Button } from '../components/ui/button';
import { cardClass } from '../components/ui/card';
import { Field, fileInputClass } from '../components/ui/field';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Keynote admin | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

/** Editors add keynote speakers (shown on /keynote) and news items (the home page ticker), and remove them. */
export default function KeynoteAdmin() {
  const speakers = useApi(getSpeakers, []);
  const news = useApi(getNews, []);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ message: string }>, after: () => void, form?: HTMLFormElement) => {
    setBusy(true);
    try {
      const res = await action();
      toast.success(res.message);
      form?.reset();
      after();
    } catch (err) {
      toast.error(messageOf(err, 'Could not save. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="speaker-heading">
        <h1 id="speaker-heading" className="text-2xl font-bold text-brand-900">Keynote speakers</h1>
        <form className={cardClass('mt-4 space-y-4')} onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          const picture = data.get('picture');
          if (picture instanceof File && picture.size === 0) data.delete('picture');
          void run(() => addSpeaker(data), speakers.reload, form);
        }}>
          <Field id="sp-name" name="name" label="Keynote speaker name" required maxLength={120} />
          <Field id="sp-designation" name="designation" label="Designation" maxLength={200} />
          <Field id="sp-position" name="position" label="Current position" maxLength={200} />
          <Field id="sp-picture" label="Picture (JPEG, PNG or WebP, at most 2 MB)">
            {(control) => <input {...control} name="picture" type="file" accept="image/jpeg,image/png,image/webp" className={fileInputClass} />}
          </Field>
          <Button type="submit" disabled={busy}>Add speaker</Button>
        </form>
        <ul className="mt-4 space-y-2" aria-label="Added speakers">
          {speakers.data?.map((s) => (
            <li key={s._id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-4 py-2">
              <span><span className="font-semibold">{s.name}</span>{s.designation ? `, ${s.designation}` : ''}{s.position ? ` · ${s.position}` : ''}</span>
              <button type="button" disabled={busy} onClick={() => run(() => removeSpeaker(s._id), speakers.reload)} className="text-sm font-semibold text-red-700 underline">Remove</button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="news-heading">
        <h2 id="news-heading" className="text-2xl font-bold text-brand-900">Important news</h2>
        <form className={cardClass('mt-4 space-y-4')} onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          void run(() => addNews({ name: String(data.get('name') ?? ''), description: String(data.get('description') ?? '') }), news.reload, form);
        }}>
          <Field id="news-name" name="name" label="Name" required maxLength={200} />
          <Field id="news-description" label="Description">
            {(control) => <textarea {...control} name="description" rows={4} maxLength={2000} />}
          </Field>
          <Button type="submit" disabled={busy}>Add news item</Button>
        </form>
        <ul className="mt-4 space-y-2" aria-label="Added news">
          {news.data?.map((n) => (
            <li key={n._id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-4 py-2">
              <span><span className="font-semibold">{n.name}</span>{n.description ? ` · ${n.description}` : ''}</span>
              <button type="button" disabled={busy} onClick={() => run(() => removeNews(n._id), news.reload)} className="text-sm font-semibold text-red-700 underline">Remove</button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
