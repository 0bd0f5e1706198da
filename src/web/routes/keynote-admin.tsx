import { useState } from 'react';
import { toast } from 'sonner';
import { messageOf } from '../api/client';
import { addNews, addSpeaker, getNews, getSpeakers, removeNews, removeSpeaker } from '../api/review';
import { requireRole } from '../components/session';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Keynote admin | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2';

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
        <form className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-5" onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          const picture = data.get('picture');
          if (picture instanceof File && picture.size === 0) data.delete('picture');
          void run(() => addSpeaker(data), speakers.reload, form);
        }}>
          <div><label htmlFor="sp-name" className="block text-sm font-medium">Keynote speaker name</label><input id="sp-name" name="name" required maxLength={120} className={input} /></div>
          <div><label htmlFor="sp-designation" className="block text-sm font-medium">Designation</label><input id="sp-designation" name="designation" maxLength={200} className={input} /></div>
          <div><label htmlFor="sp-position" className="block text-sm font-medium">Current position</label><input id="sp-position" name="position" maxLength={200} className={input} /></div>
          <div><label htmlFor="sp-picture" className="block text-sm font-medium">Picture (JPEG, PNG or WebP, at most 2 MB)</label><input id="sp-picture" name="picture" type="file" accept="image/jpeg,image/png,image/webp" className="mt-1 block w-full text-sm" /></div>
          <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">Add speaker</button>
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
        <form className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-5" onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          void run(() => addNews({ name: String(data.get('name') ?? ''), description: String(data.get('description') ?? '') }), news.reload, form);
        }}>
          <div><label htmlFor="news-name" className="block text-sm font-medium">Name</label><input id="news-name" name="name" required maxLength={200} className={input} /></div>
          <div><label htmlFor="news-description" className="block text-sm font-medium">Description</label><textarea id="news-description" name="description" rows={4} maxLength={2000} className={input} /></div>
          <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">Add news item</button>
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
