import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import {
  addNews,
  addSpeaker,
  editNews,
  editSpeaker,
  getAllSpeakers,
  getNews,
  moveNews,
  moveSpeaker,
  removeNews,
  removeSpeaker,
  type ListedSpeakerJson,
  type NewsJson,
} from '../../../api/site';
import { actOr, loadOr, revalidateAfterSuccess, type ActionResult } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field, fileInputClass } from '../../../components/ui/field';
import type { Route } from './+types/keynote-admin';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Keynote admin') }];

/** The speakers (the seven shipped with the site included) and the news items, in the order the public pages show them. */
export async function clientLoader() {
  requireRole('Editor');
  const [speakers, news] = await loadOr(
    Promise.all([getAllSpeakers(), getNews()]),
    'Could not load the speakers and news. Please try again.',
  );
  return { speakers, news };
}

const SAVE_FAILED = 'Could not save. Please try again.';

const BIOGRAPHY_MAX = 4000;
const direction = (form: FormData) => (form.get('direction') === 'down' ? 'down' : 'up');

/** The writes, told apart by `intent` (multipart: the speaker's picture is a file). */
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
    case 'editSpeaker': {
      for (const k of ['intent', 'id']) form.delete(k);
      const picture = form.get('picture');
      if (picture instanceof File && picture.size === 0) form.delete('picture');
      return actOr(editSpeaker(id, form), SAVE_FAILED, intent);
    }
    case 'moveSpeaker':
      return actOr(moveSpeaker(id, direction(form)), SAVE_FAILED, intent);
    case 'removeSpeaker':
      return actOr(removeSpeaker(id), SAVE_FAILED, intent);
    case 'editNews':
      return actOr(
        editNews(id, { name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') }),
        SAVE_FAILED,
        intent,
      );
    case 'moveNews':
      return actOr(moveNews(id, direction(form)), SAVE_FAILED, intent);
    case 'addNews':
      return actOr(
        addNews({ name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') }),
        SAVE_FAILED,
        intent,
      );
    case 'removeNews':
      return actOr(removeNews(id), SAVE_FAILED, intent);
    default:
      return { ok: false as const, intent, error: SAVE_FAILED };
  }
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateAfterSuccess;

/** The toasts (docs/product.md#validation-and-messages) for a fetcher's answer; `onOk` (e.g. empty the form) after a success. */
function useToastResult(fetcher: { state: string; data?: ActionResult<{ message: string }> }, onOk?: () => void) {
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const after = useRef(onOk);
  after.current = onOk;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.data.message);
      after.current?.();
    } else toast.error(result.error);
  }, [result]);
}

/**
 * Editors keep the keynote speakers (shown on /keynote, the seven shipped with the site included) and the news items
 * (the home page ticker): add, edit, move up or down, remove.
 */
export default function KeynoteAdmin({ loaderData: { speakers, news } }: Route.ComponentProps) {
  const speakerForm = useRef<HTMLFormElement>(null);
  const newsForm = useRef<HTMLFormElement>(null);
  const addingSpeaker = useFetcher<typeof clientAction>();
  const addingNews = useFetcher<typeof clientAction>();
  const changing = useFetcher<typeof clientAction>();
  const [editing, setEditing] = useState<string | null>(null);
  useToastResult(addingSpeaker, () => speakerForm.current?.reset());
  useToastResult(addingNews, () => newsForm.current?.reset());
  useToastResult(changing, () => setEditing(null));
  const busy = [addingSpeaker, addingNews, changing].some((f) => f.state !== 'idle');
  const act = (intent: string, id: string, extra: Record<string, string> = {}) =>
    changing.submit({ intent, id, ...extra }, { method: 'post' });

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="speaker-heading" className="min-w-0">
        <h1 id="speaker-heading" className="text-2xl font-bold text-brand-900">
          Keynote speakers
        </h1>
        <addingSpeaker.Form ref={speakerForm} method="post" encType="multipart/form-data" className={cardClass('mt-4 space-y-4')}>
          <input type="hidden" name="intent" value="addSpeaker" />
          <SpeakerFieldset prefix="sp" />
          <Button type="submit" disabled={busy}>
            Add speaker
          </Button>
        </addingSpeaker.Form>
        <ol className="mt-4 space-y-2" aria-label="Speakers">
          {speakers.map((s, i) => (
            <li key={s._id} className="rounded-md border border-slate-200 bg-white px-4 py-2">
              <ItemRow
                label={
                  <>
                    <span className="font-semibold">{s.name}</span>
                    {s.designation ? `, ${s.designation}` : ''}
                    {s.position ? ` · ${s.position}` : ''}
                    {s.shipped ? (
                      <span className="ml-2 whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                        shipped with the site
                      </span>
                    ) : null}
                    <span className="block text-sm text-slate-700">
                      {s.biography ? `Biography: ${s.biography.length} characters` : 'No biography yet'}
                    </span>
                  </>
                }
                who={[s.name, s.designation].filter(Boolean).join(', ')}
                first={i === 0}
                last={i === speakers.length - 1}
                busy={busy}
                editing={editing === s._id}
                onEdit={() => setEditing(editing === s._id ? null : s._id)}
                onMove={(d) => act('moveSpeaker', s._id, { direction: d })}
                onRemove={() => act('removeSpeaker', s._id)}
              />
              {editing === s._id ? <SpeakerEditForm speaker={s} fetcher={changing} busy={busy} onCancel={() => setEditing(null)} /> : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="news-heading" className="min-w-0">
        <h2 id="news-heading" className="text-2xl font-bold text-brand-900">
          Important news
        </h2>
        <addingNews.Form ref={newsForm} method="post" className={cardClass('mt-4 space-y-4')}>
          <input type="hidden" name="intent" value="addNews" />
          <NewsFieldset prefix="news" />
          <Button type="submit" disabled={busy}>
            Add news item
          </Button>
        </addingNews.Form>
        <ol className="mt-4 space-y-2" aria-label="Added news">
          {news.map((n, i) => (
            <li key={n._id} className="rounded-md border border-slate-200 bg-white px-4 py-2">
              <ItemRow
                label={
                  <>
                    <span className="font-semibold">{n.name}</span>
                    {n.description ? ` · ${n.description}` : ''}
                  </>
                }
                who={n.name}
                first={i === 0}
                last={i === news.length - 1}
                busy={busy}
                editing={editing === n._id}
                onEdit={() => setEditing(editing === n._id ? null : n._id)}
                onMove={(d) => act('moveNews', n._id, { direction: d })}
                onRemove={() => act('removeNews', n._id)}
              />
              {editing === n._id ? <NewsEditForm item={n} fetcher={changing} busy={busy} onCancel={() => setEditing(null)} /> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const linkButton = 'rounded px-1 text-sm font-semibold underline disabled:opacity-50';

/** One speaker or news item: its text, then Move up, Move down, Edit and Remove (each naming the item for screen readers). */
function ItemRow({
  label,
  who,
  first,
  last,
  busy,
  editing,
  onEdit,
  onMove,
  onRemove,
}: {
  label: React.ReactNode;
  who: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  editing: boolean;
  onEdit: () => void;
  onMove: (d: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const about = <span className="sr-only">: {who}</span>;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
      <span className="min-w-0 break-words">{label}</span>
      <span className="flex flex-wrap gap-2">
        <button type="button" disabled={busy || first} onClick={() => onMove('up')} className={`${linkButton} text-brand-700`}>
          Move up{about}
        </button>
        <button type="button" disabled={busy || last} onClick={() => onMove('down')} className={`${linkButton} text-brand-700`}>
          Move down{about}
        </button>
        <button type="button" disabled={busy} aria-expanded={editing} onClick={onEdit} className={`${linkButton} text-brand-700`}>
          Edit{about}
        </button>
        <button type="button" disabled={busy} onClick={onRemove} className={`${linkButton} text-red-700`}>
          Remove{about}
        </button>
      </span>
    </div>
  );
}

function SpeakerFieldset({ prefix, speaker }: { prefix: string; speaker?: ListedSpeakerJson }) {
  return (
    <>
      <Field id={`${prefix}-name`} name="name" label="Keynote speaker name" required maxLength={120} defaultValue={speaker?.name} />
      <Field id={`${prefix}-designation`} name="designation" label="Designation" maxLength={200} defaultValue={speaker?.designation} />
      <Field id={`${prefix}-position`} name="position" label="Current position" maxLength={200} defaultValue={speaker?.position} />
      <Field
        id={`${prefix}-biography`}
        label="Biography"
        hint={`Shown by Read More on the keynote page. Plain text, at most ${BIOGRAPHY_MAX} characters; a blank line starts a new paragraph.`}
      >
        {(control) => (
          <textarea {...control} name="biography" rows={speaker ? 8 : 4} maxLength={BIOGRAPHY_MAX} defaultValue={speaker?.biography} />
        )}
      </Field>
      <Field
        id={`${prefix}-picture`}
        label={speaker ? 'New picture (JPEG, PNG or WebP, at most 2 MB)' : 'Picture (JPEG, PNG or WebP, at most 2 MB)'}
      >
        {(control) => <input {...control} name="picture" type="file" accept="image/jpeg,image/png,image/webp" className={fileInputClass} />}
      </Field>
    </>
  );
}

function NewsFieldset({ prefix, item }: { prefix: string; item?: NewsJson }) {
  return (
    <>
      <Field id={`${prefix}-name`} name="name" label="Name" required maxLength={200} defaultValue={item?.name} />
      <Field id={`${prefix}-description`} label="Description">
        {(control) => <textarea {...control} name="description" rows={4} maxLength={2000} defaultValue={item?.description} />}
      </Field>
    </>
  );
}

type Changing = ReturnType<typeof useFetcher<typeof clientAction>>;

function SpeakerEditForm({
  speaker,
  fetcher,
  busy,
  onCancel,
}: {
  speaker: ListedSpeakerJson;
  fetcher: Changing;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      aria-label={`Edit ${speaker.name}`}
      className="mt-3 space-y-4 border-t border-slate-200 pt-3"
    >
      <input type="hidden" name="intent" value="editSpeaker" />
      <input type="hidden" name="id" value={speaker._id} />
      <SpeakerFieldset prefix={`edit-${speaker._id}`} speaker={speaker} />
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          Save speaker
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

function NewsEditForm({ item, fetcher, busy, onCancel }: { item: NewsJson; fetcher: Changing; busy: boolean; onCancel: () => void }) {
  return (
    <fetcher.Form method="post" aria-label={`Edit ${item.name}`} className="mt-3 space-y-4 border-t border-slate-200 pt-3">
      <input type="hidden" name="intent" value="editNews" />
      <input type="hidden" name="id" value={item._id} />
      <NewsFieldset prefix={`edit-${item._id}`} item={item} />
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          Save news item
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}
