import { useEffect, useRef, useState } from 'react';
import { Avatar, initialsOf } from '../../components/avatar';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { pageMeta } from '../../lib/seo';
import { conference } from '../../content/conference';
import { fetchKeynoteSpeakers } from '../../api/public';
import { keynoteIntro, speakers as contentSpeakers, type Speaker } from '../../content/speakers';

export const meta = () => pageMeta({
  title: 'Keynote Speakers',
  description: `Keynote speakers of the ${conference.title}.`,
  path: '/keynote',
});

/** SPEC §2 keynote: cards with Read More opening a modal (photo, name, biography); cross, backdrop or Escape close it. */
export default function Keynote() {
  const [speakers, setSpeakers] = useState<Speaker[]>(contentSpeakers);
  const [open, setOpen] = useState<Speaker | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  // Speakers an editor added are appended after hydration; the prerendered page shows the content ones.
  useEffect(() => {
    const controller = new AbortController();
    fetchKeynoteSpeakers(controller.signal)
      .then((rows) => {
        if (!rows.length) return;
        setSpeakers([...contentSpeakers, ...rows.map((r): Speaker => ({
          id: r._id, name: r.name, title: r.designation, affiliation: r.position, initials: initialsOf(r.name),
          photo: r.photo ?? undefined, biography: [[r.designation, r.position].filter(Boolean).join(', ')].filter(Boolean),
        }))]);
      })
      .catch(() => { /* the content speakers stay */ });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = () => dialogRef.current?.close();

  return (
    <>
      <PageHeader title="Keynote Speakers" subtitle={keynoteIntro} />
      <Section title="Speakers">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="speakers">
          {speakers.map((s) => (
            <li key={s.id} className="flex flex-col items-center rounded-xl border border-brand-100 bg-white p-6 text-center shadow-sm">
              <Avatar name={s.name} initials={s.initials} photo={s.photo} size={112} />
              <h3 className="mt-4 text-lg font-bold text-brand-900">{s.name}</h3>
              <p className="mt-1 font-semibold text-brand-700">{s.title}</p>
              <p className="mt-1 flex-1 text-sm text-slate-700">{s.affiliation}</p>
              <button type="button" onClick={() => setOpen(s)} aria-haspopup="dialog"
                className="mt-5 rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                Read More<span className="sr-only"> about {s.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </Section>

      <dialog
        ref={dialogRef}
        className="modal m-auto w-[min(40rem,calc(100%-2rem))] rounded-2xl p-0 text-slate-900 shadow-2xl"
        aria-labelledby="speaker-dialog-name"
        onClose={() => setOpen(null)}
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        onClick={(e) => { if (e.target === e.currentTarget) close(); }}
      >
        {open ? (
          <div className="relative p-6 sm:p-8">
            <button type="button" onClick={close} aria-label="Close" className="absolute right-3 top-3 rounded-full p-2 text-slate-700 hover:bg-slate-100">
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
            </button>
            <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
              <Avatar name={open.name} initials={open.initials} photo={open.photo} size={128} />
              <div>
                <h2 id="speaker-dialog-name" className="text-2xl font-bold text-brand-900">{open.name}</h2>
                <p className="mt-1 font-semibold text-brand-700">{open.title}</p>
                <p className="mt-1 text-sm text-slate-700">{open.affiliation}</p>
              </div>
            </div>
            <div className="mt-6 space-y-3 leading-relaxed text-slate-800">
              {open.biography.map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
