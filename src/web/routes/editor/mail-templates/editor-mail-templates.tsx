import { useEffect, useId, useRef, useState } from 'react';
import { Link, redirect, useFetcher, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { checkTemplate, type TemplateName } from '../../../../core/mail-templates';
import {
  MAIL_AUDIENCES,
  MAIL_AUDIENCE_LABELS,
  type MailTemplateJson,
  type MailTemplatesJson,
} from '../../../../core/schemas/mail-templates';
import { getMailTemplates, resetMailTemplate, saveMailTemplate } from '../../../api/mail-templates';
import { actOr, jsonBody, loadOr, revalidateExceptAfter, type ActionResult } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { MailPreview, previewAction, type PreviewIntent } from './mail-template-preview';
import type { Route } from './+types/editor-mail-templates';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Mail templates') }];

/** Every template (the editor's alone: a track chair is sent to their papers). */
export async function clientLoader() {
  if (requireRole('Editor').chairOnly) throw redirect('/editor/dashboard');
  return loadOr(getMailTemplates(), 'Could not load the mail templates. Please try again.');
}

type Intent = { intent: 'save'; name: string; subject: string; body: string } | { intent: 'reset'; name: string };

/**
 * Save or reset one template (the server checks the wording again and its reason comes back on a refusal), or
 * preview the draft.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<Intent | PreviewIntent>(request);
  if (body.intent === 'preview') return previewAction(body);
  if (body.intent === 'reset') {
    return actOr(
      resetMailTemplate(body.name).then((r) => ({ message: r.message })),
      'Could not reset the template. Please try again.',
      'reset',
    );
  }
  return actOr(
    saveMailTemplate(body.name, { subject: body.subject, body: body.body }).then((r) => ({ message: r.message })),
    'Could not save the template. Please try again.',
    'save',
  );
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';
export const shouldRevalidate = revalidateExceptAfter('preview');

const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

/**
 * Decision 0038: every mail the product sends, worded by the editor. The list is grouped by who gets the mail; the
 * chosen template (?t=) opens in an editor with its placeholders as chips, the same check the server makes as
 * one types, a preview filled from a real paper or person, Save, and Reset to default after a confirmation.
 */
export default function EditorMailTemplates({ loaderData }: Route.ComponentProps) {
  const { templates, previewChoices } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const chosen = templates.find((x) => x.name === params.get('t')) ?? templates[0]!;
  const pick = (name: string) => navigate(`?t=${encodeURIComponent(name)}`, { preventScrollReset: true });
  // The fetcher lives here, not in the editor, which is mounted afresh with the wording a save or reset put in force.
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? (fetcher.data as Result | undefined) : undefined;
  // After a save or reset the page reads the templates again itself: a preview answered meanwhile would cancel the
  // action's own revalidation (and previews do not revalidate), leaving the old wording on screen.
  const revalidator = useRevalidator();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result?.ok || handled.current === result) return;
    handled.current = result;
    toast.success(result.data.message);
    void revalidator.revalidate();
  }, [result, revalidator]);
  const action: EditorAction = {
    submit: (intent) => fetcher.submit(intent, { method: 'post', encType: 'application/json' }),
    busy: fetcher.state !== 'idle' ? ((fetcher.json as Intent | undefined)?.intent ?? 'save') : null,
    error: result && !result.ok ? result.error : null,
  };
  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Mail templates</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Every mail the site sends, in your words. A word in braces such as <code>{'{paperTitle}'}</code> is filled in for each mail; each
        mail can use only its own. Mails are sent as plain text with an HTML copy made from it: what you type is never read as HTML.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <TemplateList templates={templates} chosen={chosen.name} onPick={pick} />
        {/* A new key after a save or reset: the fields show the wording now in force. */}
        <TemplateEditor
          key={`${chosen.name}:${chosen.updatedAt ?? 'default'}`}
          template={chosen}
          choices={previewChoices}
          action={action}
        />
      </div>
    </div>
  );
}

function TemplateList({ templates, chosen, onPick }: { templates: MailTemplateJson[]; chosen: string; onPick: (name: string) => void }) {
  const groups = MAIL_AUDIENCES.map((a) => ({ audience: a, list: templates.filter((x) => x.audience === a) })).filter((g) => g.list.length);
  return (
    <>
      {/* Narrow screens: one grouped menu above the editor instead of a long list. */}
      <div className="lg:hidden">
        <Field id="template-choice" label="Template">
          {(control) => (
            <select {...control} value={chosen} onChange={(e) => onPick(e.target.value)}>
              {groups.map((g) => (
                <optgroup key={g.audience} label={MAIL_AUDIENCE_LABELS[g.audience]}>
                  {g.list.map((x) => (
                    <option key={x.name} value={x.name}>
                      {x.label}
                      {x.customised ? ' (customised)' : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
      </div>
      <nav aria-label="Mail templates" className="hidden lg:block">
        {groups.map((g) => (
          <div key={g.audience} className="mb-4">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{MAIL_AUDIENCE_LABELS[g.audience]}</h2>
            <ul className="mt-1 space-y-0.5">
              {g.list.map((x) => (
                <li key={x.name}>
                  <Link
                    to={`?t=${x.name}`}
                    preventScrollReset
                    aria-current={x.name === chosen ? 'page' : undefined}
                    className={`block rounded-md px-2 py-1 text-sm ${x.name === chosen ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-100'}`}
                  >
                    {x.label}
                    {x.customised ? <span className="text-slate-600"> · customised</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}

type Result = ActionResult<{ message: string }>;
/** Save and reset, as the page's fetcher runs them: what is under way, and the server's refusal. */
interface EditorAction {
  submit: (intent: Intent) => void;
  busy: Intent['intent'] | null;
  error: string | null;
}

function TemplateEditor({
  template,
  choices,
  action,
}: {
  template: MailTemplateJson;
  choices: MailTemplatesJson['previewChoices'];
  action: EditorAction;
}) {
  const name = template.name as TemplateName;
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [confirming, setConfirming] = useState(false);
  const busy = action.busy !== null;
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  /** The field a chip inserts into: the one last focused (the body unless the subject was). */
  const lastField = useRef<'subject' | 'body'>('body');
  const headingId = useId();
  const problem = checkTemplate(name, subject, body);
  const changed = subject !== template.subject || body !== template.body;

  const insert = (placeholder: string) => {
    const token = `{${placeholder}}`;
    const field = lastField.current === 'subject' ? subjectRef.current : bodyRef.current;
    const set = lastField.current === 'subject' ? setSubject : setBody;
    if (!field) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    set(field.value.slice(0, start) + token + field.value.slice(end));
    // The caret after the placeholder, once React has put the new value in.
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const { submit } = action;

  return (
    <div className="min-w-0 space-y-6">
      <Card aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-brand-900">
            {template.label}
          </h2>
          {template.customised ? (
            <span className={`${BADGE} bg-brand-50 text-brand-900 ring-brand-200`}>Your wording</span>
          ) : (
            <span className={`${BADGE} bg-slate-50 text-slate-700 ring-slate-300`}>Default wording</span>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-700">Sent when: {template.when}</p>
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) submit({ intent: 'save', name, subject, body });
          }}
        >
          <Field id="template-subject" label="Subject">
            {(control) => (
              <input
                {...control}
                ref={subjectRef}
                value={subject}
                autoComplete="off"
                spellCheck
                onChange={(e) => setSubject(e.target.value)}
                onFocus={() => {
                  lastField.current = 'subject';
                }}
              />
            )}
          </Field>
          <Field
            id="template-body"
            label="Body"
            hint="Plain text: a blank line starts a new paragraph; web addresses become links in the HTML copy."
          >
            {(control) => (
              <textarea
                {...control}
                ref={bodyRef}
                rows={16}
                value={body}
                spellCheck
                className={`${control.className} font-mono text-sm`}
                onChange={(e) => setBody(e.target.value)}
                onFocus={() => {
                  lastField.current = 'body';
                }}
              />
            )}
          </Field>
          <div>
            <p id={`${headingId}-chips`} className="text-sm font-medium text-slate-700">
              Insert a placeholder (where the cursor was)
            </p>
            <ul aria-labelledby={`${headingId}-chips`} className="mt-1 flex flex-wrap gap-1.5">
              {template.placeholders.map((p) => (
                <li key={p}>
                  <button
                    type="button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => insert(p)}
                    className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 font-mono text-xs text-brand-900 hover:bg-brand-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="sr-only">Insert </span>
                    {`{${p}}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <Alert>{problem}</Alert>
          <Alert>{action.error}</Alert>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={busy || problem !== null || !changed}>
              {action.busy === 'save' ? 'Saving…' : 'Save'}
            </Button>
            {changed ? (
              <Button
                variant="quiet"
                onClick={() => {
                  setSubject(template.subject);
                  setBody(template.body);
                }}
              >
                Undo my changes
              </Button>
            ) : null}
            {template.customised && !confirming ? (
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
                Reset to default
              </Button>
            ) : null}
          </div>
          {confirming ? (
            <div
              role="group"
              aria-label="Confirm the reset"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <p>Go back to the default wording of “{template.label}”? Your wording is lost; mails sent from now on use the default.</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false);
                    submit({ intent: 'reset', name });
                  }}
                >
                  Yes, reset to default
                </Button>
                <Button size="sm" variant="quiet" onClick={() => setConfirming(false)}>
                  Keep my wording
                </Button>
              </div>
            </div>
          ) : null}
        </form>
      </Card>
      <MailPreview name={name} subject={subject} body={body} problem={problem} choices={choices} />
    </div>
  );
}
