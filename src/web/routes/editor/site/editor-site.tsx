import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { committeeHtml, previousEventsHtml, sponsorsHtml } from '../../../../core/site-lists-html';
import { toast } from 'sonner';
import {
  addCommitteeMember,
  addPreviousEvent,
  addSponsor,
  editCommitteeMember,
  editPreviousEvent,
  editSponsor,
  getSiteLists,
  moveCommitteeMember,
  movePreviousEvent,
  moveSponsor,
  removeCommitteeMember,
  removePreviousEvent,
  removeSponsor,
  addNews,
  editNews,
  getNews,
  moveNews,
  removeNews,
  addSitePage,
  editSitePage,
  getSitePages,
  previewSitePage,
  removeSitePage,
  type NewsJson,
  type SiteListsJson,
} from '../../../api/site';
import { actOr, loadOr, revalidateExceptAfter, type ActionResult } from '../../../lib/route-data';
import { pageBody, PagesSection } from './site-pages-section';
import { requireRole } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field, fileInputClass } from '../../../components/ui/field';
import type { Route } from './+types/editor-site';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Site') }];

/**
 * The public site the organiser keeps: their own pages (decision 0064), the news items, and the three lists the
 * public pages show, in their order (decision 0062).
 */
export async function clientLoader() {
  requireRole('Editor');
  const [lists, pages, news] = await loadOr(
    Promise.all([getSiteLists(), getSitePages(), getNews()]),
    "Could not load the site's pages, news and lists. Please try again.",
  );
  return { lists, pages, news };
}

const SAVE_FAILED = 'Could not save. Please try again.';
type List = 'member' | 'sponsor' | 'event' | 'news';

/** A form's picture left empty is not sent (the browser sends an empty file part). */
const withoutEmptyFile = (form: FormData, field: string) => {
  const file = form.get(field);
  if (file instanceof File && file.size === 0) form.delete(field);
  return form;
};
const text = (form: FormData, key: string) => String(form.get(key) ?? '');
const newsBody = (form: FormData) => ({ name: text(form, 'name'), description: text(form, 'description') });
const eventBody = (form: FormData) => ({
  label: text(form, 'label'),
  year: Number(text(form, 'year')),
  place: text(form, 'place'),
  link: text(form, 'link'),
});

/** The writes, told apart by `intent` (`<list>.<verb>`); the members' and sponsors' forms are multipart (a picture). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const direction = form.get('direction') === 'down' ? 'down' : 'up';
  for (const k of ['intent', 'id', 'direction']) form.delete(k);
  const done = <T,>(p: Promise<T>, message: (r: T) => string) =>
    actOr(
      p.then((r) => ({ message: message(r) })),
      SAVE_FAILED,
      intent,
    );
  switch (intent) {
    case 'member.add':
      return done(addCommitteeMember(withoutEmptyFile(form, 'photo')), (r) => `${r.member.name} added.`);
    case 'member.edit':
      return done(editCommitteeMember(id, withoutEmptyFile(form, 'photo')), (r) => `${r.member.name} saved.`);
    case 'member.move':
      return done(moveCommitteeMember(id, direction), () => 'Committee member moved.');
    case 'member.remove':
      return done(removeCommitteeMember(id), () => 'Committee member removed.');
    case 'sponsor.add':
      return done(addSponsor(withoutEmptyFile(form, 'logo')), (r) => `${r.sponsor.name} added.`);
    case 'sponsor.edit':
      return done(editSponsor(id, withoutEmptyFile(form, 'logo')), (r) => `${r.sponsor.name} saved.`);
    case 'sponsor.move':
      return done(moveSponsor(id, direction), () => 'Sponsor moved.');
    case 'sponsor.remove':
      return done(removeSponsor(id), () => 'Sponsor removed.');
    case 'event.add':
      return done(addPreviousEvent(eventBody(form)), (r) => `${r.event.label} added.`);
    case 'event.edit':
      return done(editPreviousEvent(id, eventBody(form)), (r) => `${r.event.label} saved.`);
    case 'event.move':
      return done(movePreviousEvent(id, direction), () => 'Previous event moved.');
    case 'event.remove':
      return done(removePreviousEvent(id), () => 'Previous event removed.');
    // News: the same calls as /keynote-admin.
    case 'news.add':
      return done(addNews(newsBody(form)), (r) => `${r.item.name} added.`);
    case 'news.edit':
      return done(editNews(id, newsBody(form)), (r) => `${r.item.name} saved.`);
    case 'news.move':
      return done(moveNews(id, direction), () => 'News item moved.');
    case 'news.remove':
      return done(removeNews(id), () => 'News item removed.');
    case 'page.add':
      return done(addSitePage(pageBody(form)), (r) => `${r.page.title} added.`);
    case 'page.edit':
      return done(editSitePage(id, pageBody(form)), (r) => `${r.page.title} saved.`);
    case 'page.remove':
      return done(removeSitePage(id), () => 'Page removed.');
    case 'page.preview':
      return actOr(
        previewSitePage(text(form, 'body')).then((r) => ({ message: '', html: r.html })),
        'Could not show the preview. Please try again.',
        intent,
      );
    default:
      return { ok: false as const, intent, error: SAVE_FAILED };
  }
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
// A preview changes nothing: the lists are not read again after it.
export const shouldRevalidate = revalidateExceptAfter('page.preview');

type Fetcher = ReturnType<typeof useFetcher<typeof clientAction>>;

/** A form's values as typed, and its picture as a local address (shown before anything is sent). */
type Draft = Record<string, string>;
/** The public markup of a list with the draft in place of the item `id` (or added last), for the preview. */
type PreviewOf = (draft: Draft, id: string | null) => string;

/**
 * The preview of a form (decision 0062): the list as its public page will draw it with what is typed, before it is
 * saved and live. Empty until the form is changed; `clear` after a save.
 */
function usePreview() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const picture = useRef<string | null>(null);
  const drop = () => {
    if (picture.current) URL.revokeObjectURL(picture.current);
    picture.current = null;
  };
  useEffect(() => drop, []);
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const values: Draft = {};
    for (const [k, v] of new FormData(e.currentTarget)) {
      if (typeof v === 'string') values[k] = v.trim();
      else if (v.size > 0 && e.target instanceof HTMLInputElement && e.target.type === 'file') {
        drop();
        picture.current = URL.createObjectURL(v);
      }
    }
    if (picture.current) values.picture = picture.current;
    setDraft(values);
  };
  return {
    draft,
    onChange,
    clear: () => {
      drop();
      setDraft(null);
    },
  };
}

function Preview({ html, label }: { html: string; label: string }) {
  return (
    <details open className="rounded-md border border-dashed border-brand-300 bg-slate-50">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-brand-800">{label}</summary>
      <div className="overflow-hidden border-t border-brand-100 bg-white" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}

/** The toasts for a fetcher's answer; `onOk` (empty the form, close the editor) after a success. */
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
 * Decision 0062: the editor keeps the committee (/committee), the sponsors (the home page's partners) and the previous
 * events (/previous-events): add, edit, move up or down, remove. A save is live on the public page when it is answered.
 */
export default function EditorSite({ loaderData: { lists, pages, news } }: Route.ComponentProps) {
  const changing = useFetcher<typeof clientAction>();
  const [editing, setEditing] = useState<string | null>(null);
  useToastResult(changing, () => setEditing(null));
  const busy = changing.state !== 'idle';
  const act = (intent: string, id: string, extra: Record<string, string> = {}) =>
    changing.submit({ intent, id, ...extra }, { method: 'post' });
  const row = (list: List, id: string, i: number, count: number, who: string) => ({
    who,
    first: i === 0,
    last: i === count - 1,
    busy,
    editing: editing === id,
    onEdit: () => setEditing(editing === id ? null : id),
    onMove: (d: 'up' | 'down') => act(`${list}.move`, id, { direction: d }),
    onRemove: () => act(`${list}.remove`, id),
  });
  const sections = [...new Set(lists.committee.map((m) => m.section))];
  // Each list with the draft in place (or added last); the committee shows the draft's section only.
  const put = <T extends { _id: string }>(items: T[], item: T, id: string | null) =>
    id ? items.map((x) => (x._id === id ? item : x)) : [...items, item];
  const previews: Record<Exclude<List, 'news'>, PreviewOf> = {
    member: (d, id) => {
      const old = lists.committee.find((m) => m._id === id);
      const m = {
        _id: id ?? 'draft',
        section: d.section || 'Section',
        name: d.name || 'Name',
        role: d.role ?? '',
        affiliation: d.affiliation ?? '',
        country: d.country ?? '',
        photo: d.picture ?? old?.photo ?? null,
      };
      return committeeHtml(put(lists.committee, m, id).filter((x) => x.section === m.section));
    },
    sponsor: (d, id) => {
      const old = lists.sponsors.find((s) => s._id === id);
      return sponsorsHtml(
        put(
          lists.sponsors,
          { _id: id ?? 'draft', name: d.name || 'Name', role: d.role ?? '', link: d.link ?? '', logo: d.picture ?? old?.logo ?? null },
          id,
        ),
      );
    },
    event: (d, id) =>
      previousEventsHtml(
        put(
          lists.previousEvents,
          {
            _id: id ?? 'draft',
            label: d.label || 'Country Year Place',
            year: Number(d.year) || 0,
            place: d.place ?? '',
            link: d.link ?? '',
          },
          id,
        ),
      ),
  };

  return (
    <div className="max-w-5xl space-y-12">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Site</h1>
        <p className="mt-2 text-slate-700">
          Your own pages, the news, the committee, the sponsors and the previous events. The public pages show the lists in this order. A
          change is live as soon as it is saved: check it on <PageLink to="/committee">the committee page</PageLink>,{' '}
          <PageLink to="/#partners">the home page&apos;s partners</PageLink> and{' '}
          <PageLink to="/previous-events">the previous events page</PageLink>.
        </p>
      </div>

      <PagesSection pages={pages} busy={busy} />

      <ListSection
        id="news"
        title="News"
        hint="The home page's Important News ticker shows these items in this order."
        addLabel="Add news item"
        list="news"
        fields={(prefix) => <NewsFieldset prefix={prefix} />}
        busy={busy}
      >
        {news.map((n, i) => (
          <Item
            key={n._id}
            {...row('news', n._id, i, news.length, n.name)}
            edit={
              <EditForm
                list="news"
                id={n._id}
                name={n.name}
                fetcher={changing}
                busy={busy}
                onCancel={() => setEditing(null)}
                fields={<NewsFieldset prefix={`edit-${n._id}`} item={n} />}
              />
            }
          >
            <span className="min-w-0">
              <span className="font-semibold">{n.name}</span>
              {n.description ? <span className="block text-sm text-slate-700">{n.description}</span> : null}
            </span>
          </Item>
        ))}
      </ListSection>

      <ListSection
        id="committee"
        title="Committee"
        hint='Members are listed under their section, in this order. A section whose name contains "Committee" has a band of its own on the page; the others (chairs, secretaries) are cards in one grid.'
        addLabel="Add member"
        list="member"
        preview={previews.member}
        fields={(prefix) => <MemberFieldset prefix={prefix} sections={sections} />}
        busy={busy}
      >
        {lists.committee.map((m, i) => (
          <Item
            key={m._id}
            {...row('member', m._id, i, lists.committee.length, m.name)}
            edit={
              <EditForm
                list="member"
                preview={previews.member}
                id={m._id}
                name={m.name}
                fetcher={changing}
                busy={busy}
                onCancel={() => setEditing(null)}
                multipart
                fields={<MemberFieldset prefix={`edit-${m._id}`} sections={sections} member={m} />}
              />
            }
          >
            <Thumb src={m.photo} alt={`Photo of ${m.name}`} round />
            <span className="min-w-0">
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{m.section}</span>
              <span className="font-semibold">{m.name}</span>
              {m.role ? ` · ${m.role}` : ''}
              <span className="block text-sm text-slate-700">{[m.affiliation, m.country].filter(Boolean).join(', ')}</span>
            </span>
          </Item>
        ))}
      </ListSection>

      <ListSection
        id="sponsors"
        title="Sponsors and partners"
        hint="Shown on the home page in rows of four, each under its role."
        addLabel="Add sponsor"
        list="sponsor"
        preview={previews.sponsor}
        fields={(prefix) => <SponsorFieldset prefix={prefix} />}
        busy={busy}
      >
        {lists.sponsors.map((s, i) => (
          <Item
            key={s._id}
            {...row('sponsor', s._id, i, lists.sponsors.length, s.name)}
            edit={
              <EditForm
                list="sponsor"
                preview={previews.sponsor}
                id={s._id}
                name={s.name}
                fetcher={changing}
                busy={busy}
                onCancel={() => setEditing(null)}
                multipart
                fields={<SponsorFieldset prefix={`edit-${s._id}`} sponsor={s} />}
              />
            }
          >
            <Thumb src={s.logo} alt={`Logo of ${s.name}`} />
            <span className="min-w-0">
              {s.role ? <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{s.role}</span> : null}
              <span className="font-semibold">{s.name}</span>
              {s.link ? <span className="block break-all text-sm text-slate-700">{s.link}</span> : null}
            </span>
          </Item>
        ))}
      </ListSection>

      <ListSection
        id="previous-events"
        title="Previous events"
        hint='Each is a round button on the previous events page. Its label reads country, year, place: "Thailand 2022 Pattaya".'
        addLabel="Add event"
        list="event"
        preview={previews.event}
        fields={(prefix) => <EventFieldset prefix={prefix} />}
        busy={busy}
      >
        {lists.previousEvents.map((ev, i) => (
          <Item
            key={ev._id}
            {...row('event', ev._id, i, lists.previousEvents.length, ev.label)}
            edit={
              <EditForm
                list="event"
                preview={previews.event}
                id={ev._id}
                name={ev.label}
                fetcher={changing}
                busy={busy}
                onCancel={() => setEditing(null)}
                fields={<EventFieldset prefix={`edit-${ev._id}`} event={ev} />}
              />
            }
          >
            <span className="min-w-0">
              <span className="font-semibold">{ev.label}</span>
              <span className="block text-sm text-slate-700">
                {[String(ev.year), ev.place].filter(Boolean).join(' · ')}
                {ev.link ? ` · ${ev.link}` : ''}
              </span>
            </span>
          </Item>
        ))}
      </ListSection>
    </div>
  );
}

function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} target="_blank" reloadDocument className="font-semibold text-brand-700 underline">
      {children}
    </Link>
  );
}

/** A list's heading, its add form (its own fetcher, emptied after a success) and its items. */
function ListSection({
  id,
  title,
  hint,
  addLabel,
  list,
  fields,
  preview,
  busy,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  addLabel: string;
  list: List;
  fields: (prefix: string) => ReactNode;
  preview?: PreviewOf;
  busy: boolean;
  children: ReactNode;
}) {
  const adding = useFetcher<typeof clientAction>();
  const form = useRef<HTMLFormElement>(null);
  const draft = usePreview();
  useToastResult(adding, () => {
    form.current?.reset();
    draft.clear();
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        {/* First on a phone, beside the list from lg: a long list does not hide it. */}
        <adding.Form
          ref={form}
          method="post"
          encType={list === 'event' || list === 'news' ? undefined : 'multipart/form-data'}
          aria-label={addLabel}
          onChange={draft.onChange}
          className={cardClass('space-y-4 self-start lg:col-start-2 lg:row-start-1')}
        >
          <h3 className="font-semibold text-brand-900">{addLabel}</h3>
          <input type="hidden" name="intent" value={`${list}.add`} />
          {fields(`add-${list}`)}
          <Button type="submit" disabled={busy || adding.state !== 'idle'}>
            {addLabel}
          </Button>
        </adding.Form>
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          {draft.draft && preview ? <Preview html={preview(draft.draft, null)} label="Preview on the public page (not saved yet)" /> : null}
          <ol className="space-y-2" aria-label={title}>
            {children}
          </ol>
        </div>
      </div>
    </section>
  );
}

const linkButton = 'rounded px-1 text-sm font-semibold underline disabled:opacity-50';

/** One item: its picture and text, then Move up, Move down, Edit and Remove (each naming the item for screen readers). */
function Item({
  children,
  edit,
  who,
  first,
  last,
  busy,
  editing,
  onEdit,
  onMove,
  onRemove,
}: {
  children: ReactNode;
  edit: ReactNode;
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
    <li className="rounded-md border border-slate-200 bg-white px-4 py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex min-w-0 items-center gap-3 break-words">{children}</span>
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
      {editing ? edit : null}
    </li>
  );
}

function Thumb({ src, alt, round }: { src: string | null; alt: string; round?: boolean }) {
  const shape = round ? 'h-10 w-10 rounded-full object-cover' : 'h-10 w-20 rounded object-contain';
  return src ? (
    <img src={src} alt={alt} className={`shrink-0 bg-slate-50 ${shape}`} />
  ) : (
    <span aria-hidden="true" className={`shrink-0 bg-slate-100 ${shape}`} />
  );
}

function EditForm({
  list,
  id,
  name,
  fields,
  fetcher,
  busy,
  multipart,
  preview,
  onCancel,
}: {
  list: List;
  id: string;
  name: string;
  fields: ReactNode;
  fetcher: Fetcher;
  busy: boolean;
  multipart?: boolean;
  preview?: PreviewOf;
  onCancel: () => void;
}) {
  const draft = usePreview();
  return (
    <fetcher.Form
      onChange={draft.onChange}
      method="post"
      encType={multipart ? 'multipart/form-data' : undefined}
      aria-label={`Edit ${name}`}
      className="mt-3 space-y-4 border-t border-slate-200 pt-3"
    >
      <input type="hidden" name="intent" value={`${list}.edit`} />
      <input type="hidden" name="id" value={id} />
      {fields}
      {draft.draft && preview ? <Preview html={preview(draft.draft, id)} label="Preview on the public page (not saved yet)" /> : null}
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

function MemberFieldset({ prefix, sections, member }: { prefix: string; sections: string[]; member?: SiteListsJson['committee'][number] }) {
  return (
    <>
      <Field
        id={`${prefix}-section`}
        name="section"
        label="Section"
        hint='The heading the member is listed under, such as "General Chairs" or "Technical Program Committee".'
        required
        maxLength={100}
        list={`${prefix}-sections`}
        defaultValue={member?.section}
      />
      <datalist id={`${prefix}-sections`}>
        {sections.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Field id={`${prefix}-name`} name="name" label="Name" required maxLength={120} defaultValue={member?.name} />
      <Field
        id={`${prefix}-role`}
        name="role"
        label="Role"
        hint="Optional, such as Track 1 chair."
        maxLength={120}
        defaultValue={member?.role}
      />
      <Field id={`${prefix}-affiliation`} name="affiliation" label="Affiliation" maxLength={200} defaultValue={member?.affiliation} />
      <Field id={`${prefix}-country`} name="country" label="Country" maxLength={80} defaultValue={member?.country} />
      <Field id={`${prefix}-photo`} label={member ? 'New photo (PNG or JPEG, at most 2 MB)' : 'Photo (PNG or JPEG, at most 2 MB)'}>
        {(control) => <input {...control} name="photo" type="file" accept="image/png,image/jpeg" className={fileInputClass} />}
      </Field>
    </>
  );
}

function SponsorFieldset({ prefix, sponsor }: { prefix: string; sponsor?: SiteListsJson['sponsors'][number] }) {
  return (
    <>
      <Field
        id={`${prefix}-name`}
        name="name"
        label="Name"
        hint="Also read out in place of the logo."
        required
        maxLength={120}
        defaultValue={sponsor?.name}
      />
      <Field
        id={`${prefix}-role`}
        name="role"
        label="Role"
        hint="Shown above the logo, such as Publisher."
        maxLength={80}
        defaultValue={sponsor?.role}
      />
      <Field
        id={`${prefix}-link`}
        name="link"
        label="Link"
        type="url"
        placeholder="https://"
        maxLength={500}
        defaultValue={sponsor?.link}
      />
      <Field id={`${prefix}-logo`} label={sponsor ? 'New logo (PNG or JPEG, at most 2 MB)' : 'Logo (PNG or JPEG, at most 2 MB)'}>
        {(control) => <input {...control} name="logo" type="file" accept="image/png,image/jpeg" className={fileInputClass} />}
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

function EventFieldset({ prefix, event }: { prefix: string; event?: SiteListsJson['previousEvents'][number] }) {
  return (
    <>
      <Field
        id={`${prefix}-label`}
        name="label"
        label="Label"
        hint="Country, year, place: Thailand 2022 Pattaya."
        required
        maxLength={80}
        defaultValue={event?.label}
      />
      <Field id={`${prefix}-year`} name="year" label="Year" type="number" required min={1900} max={2100} defaultValue={event?.year} />
      <Field id={`${prefix}-place`} name="place" label="Place" maxLength={120} defaultValue={event?.place} />
      <Field id={`${prefix}-link`} name="link" label="Link" type="url" placeholder="https://" maxLength={500} defaultValue={event?.link} />
    </>
  );
}
