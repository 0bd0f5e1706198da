import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'sonner';
import { PAGE_ADDRESS_MAX, PAGE_BODY_MAX, PAGE_TITLE_MAX, SitePageFields } from '../../../../core/schemas/site-pages';
import type { SitePageJson } from '../../../api/site';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import type { ActionResult } from '../../../lib/route-data';

/** The page form's fields as the API takes them: an unticked box is not sent, so it is false. */
export const pageBody = (form: FormData) => ({
  title: String(form.get('title') ?? ''),
  address: String(form.get('address') ?? '')
    .trim()
    .replace(/^\/+/, ''),
  body: String(form.get('body') ?? ''),
  menuOrder: Number(form.get('menuOrder') || 0),
  published: form.get('published') === 'on',
  inMenu: form.get('inMenu') === 'on',
});

type Answer = ActionResult<{ message: string }>;
type PreviewAnswer = ActionResult<{ html: string }>;
type FieldName = 'title' | 'address' | 'body' | 'menuOrder';

/** The sanitised body as the public page draws it (src/server/site-page-document.ts), in the screen's type. */
const previewClass =
  'space-y-3 break-words [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:bg-slate-100 [&_pre]:p-2 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6';

const linkButton = 'rounded px-1 text-sm font-semibold underline disabled:opacity-50';

/**
 * Decision 0064: the organiser's own pages, in Markdown, each at a top-level address. A page is seen by visitors once
 * published; one in the menu is in the bar of every public page. The preview is the server's own sanitised HTML.
 */
export function PagesSection({ pages, busy }: { pages: SitePageJson[]; busy: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const removing = useFetcher<Answer>();
  const removed = removing.state === 'idle' ? removing.data : undefined;
  useEffect(() => {
    if (!removed) return;
    if (removed.ok) toast.success(removed.data.message);
    else toast.error(removed.error);
  }, [removed]);
  const remove = (p: SitePageJson) => {
    if (window.confirm(`Remove the page "${p.title}"? Its address /${p.address} will show "not found".`))
      removing.submit({ intent: 'page.remove', id: p._id }, { method: 'post' });
  };
  return (
    <section aria-labelledby="pages-heading" className="min-w-0">
      <h2 id="pages-heading" className="text-xl font-bold text-brand-900">
        Pages
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Pages of your own, such as the venue or travel and visas, written in Markdown. Visitors see a page at its address once it is
        published; a published page in the menu is in the bar of every public page.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className={cardClass('self-start lg:col-start-2 lg:row-start-1')}>
          <PageForm key="add" busy={busy} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {pages.length === 0 ? <p className="text-sm text-slate-700">No page yet.</p> : null}
          <ol className="space-y-2" aria-label="Pages">
            {pages.map((p) => {
              const about = <span className="sr-only">: {p.title}</span>;
              return (
                <li key={p._id} className="rounded-md border border-slate-200 bg-white px-4 py-2">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="min-w-0 break-words">
                      <span className="font-semibold">{p.title}</span>{' '}
                      {p.published ? (
                        <a
                          href={`/${p.address}`}
                          target="_blank"
                          rel="noreferrer"
                          className="text-sm font-semibold text-brand-700 underline"
                        >
                          /{p.address}
                        </a>
                      ) : (
                        <span className="text-sm text-slate-700">/{p.address}</span>
                      )}
                      <span className="block text-sm text-slate-700">
                        {p.published ? 'Published' : 'Not published'}
                        {p.inMenu ? ` · In the menu (order ${p.menuOrder})` : ' · Not in the menu'}
                      </span>
                    </span>
                    <span className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        disabled={busy}
                        aria-expanded={editing === p._id}
                        onClick={() => setEditing(editing === p._id ? null : p._id)}
                        className={`${linkButton} text-brand-700`}
                      >
                        Edit{about}
                      </button>
                      <button
                        type="button"
                        disabled={busy || removing.state !== 'idle'}
                        onClick={() => remove(p)}
                        className={`${linkButton} text-red-700`}
                      >
                        Remove{about}
                      </button>
                    </span>
                  </div>
                  {editing === p._id ? (
                    <div className="mt-3 border-t border-slate-200 pt-3">
                      <PageForm page={p} busy={busy} onDone={() => setEditing(null)} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}

/** The add form (without `page`) or a page's edit form, with the same checks as the server and its preview. */
function PageForm({ page, busy, onDone }: { page?: SitePageJson; busy: boolean; onDone?: () => void }) {
  const saving = useFetcher<Answer>();
  const previewing = useFetcher<PreviewAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // The preview shown since the button was last pressed; gone once the page is added.
  const [previewShown, setPreviewShown] = useState(false);
  const prefix = page ? `page-${page._id}` : 'page-add';
  const name = page ? `Edit ${page.title}` : 'Add a page';

  const saved = saving.state === 'idle' ? saving.data : undefined;
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!saved) return;
    if (saved.ok) {
      toast.success(saved.data.message);
      setRefusal(null);
      if (!page) {
        form.current?.reset();
        setErrors({});
        setPreviewShown(false);
      }
      done.current?.();
    } else if (/address/i.test(saved.error)) setErrors((e) => ({ ...e, address: saved.error }));
    else setRefusal(saved.error);
  }, [saved, page]);

  const preview = previewing.state === 'idle' && previewShown ? previewing.data : undefined;
  // A field's message goes once the field is changed (a refused address is told until another is typed).
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const field = (e.target as HTMLInputElement).name as FieldName;
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = SitePageFields.safeParse(pageBody(data));
    setRefusal(null);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['title', 'address', 'body', 'menuOrder'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    setErrors({});
    data.set('intent', page ? 'page.edit' : 'page.add');
    if (page) data.set('id', page._id);
    saving.submit(data, { method: 'post' });
  };
  const onPreview = () => {
    const text = form.current ? String(new FormData(form.current).get('body') ?? '') : '';
    setPreviewShown(true);
    previewing.submit({ intent: 'page.preview', body: text }, { method: 'post' });
  };

  return (
    <form ref={form} method="post" aria-label={name} noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      {page ? null : <h3 className="font-semibold text-brand-900">Add a page</h3>}
      <Field
        id={`${prefix}-title`}
        name="title"
        label="Title"
        required
        maxLength={PAGE_TITLE_MAX}
        defaultValue={page?.title}
        error={errors.title}
      />
      <Field
        id={`${prefix}-address`}
        name="address"
        label="Address"
        hint="The page is at /address: lower-case letters, digits and hyphens, such as venue or travel-and-visa."
        required
        maxLength={PAGE_ADDRESS_MAX}
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={page?.address}
        error={errors.address}
      />
      <Field
        id={`${prefix}-body`}
        label="Text (Markdown)"
        hint="## starts a heading, - a list item; **bold**, *italic*, [a link](https://example.org). HTML is not shown."
        error={errors.body}
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={10}
            maxLength={PAGE_BODY_MAX}
            defaultValue={page?.body}
            className={`${control.className} font-mono text-sm`}
          />
        )}
      </Field>
      <Field
        id={`${prefix}-menuOrder`}
        name="menuOrder"
        label="Menu order"
        hint="Lower comes first in the menu."
        type="number"
        min={0}
        max={999}
        defaultValue={page?.menuOrder ?? 0}
        error={errors.menuOrder}
        className="max-w-56"
      />
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="published" defaultChecked={page?.published ?? false} className="h-4 w-4" />
          Published
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="inMenu" defaultChecked={page?.inMenu ?? false} className="h-4 w-4" />
          In the menu
        </label>
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {/* Announced: a screen reader hears the field errors and the refusal as they appear. */}
      <p className="sr-only" role="status">
        {Object.values(errors).filter(Boolean).join(' ')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={onPreview} disabled={previewing.state !== 'idle'}>
          Preview
        </Button>
        <Button type="submit" disabled={busy || saving.state !== 'idle'}>
          {page ? 'Save page' : 'Add page'}
        </Button>
        {page ? (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {preview ? (
          preview.ok ? (
            <section aria-label="Preview" className="rounded-md border border-dashed border-brand-300 bg-white">
              <p className="border-b border-brand-100 bg-slate-50 px-3 py-2 text-sm font-semibold text-brand-800">
                Preview as visitors will see it (not saved yet)
              </p>
              <div className={`px-3 py-3 ${previewClass}`} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            </section>
          ) : (
            <p role="alert" className="text-sm text-red-800">
              {preview.error}
            </p>
          )
        ) : null}
      </div>
    </form>
  );
}
