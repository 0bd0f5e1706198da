import { desc, eq } from 'drizzle-orm';
import {
  MAIL_TEMPLATES,
  TEMPLATE_INFO,
  TEMPLATE_NAMES,
  allowedPlaceholders,
  checkTemplate,
  type TemplateName,
} from '../../../core/mail-templates';
import {
  TEMPLATE_AUDIENCE,
  type MailTemplateJson,
  type MailTemplatesJson,
  type SaveMailTemplateBody,
  type SavedMailTemplateJson,
} from '../../../core/schemas/mail-templates';
import type { Db } from '../../db/connect';
import { mailTemplates, papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';

type TemplateRow = typeof mailTemplates.$inferSelect;

/** How many recent papers and people the preview offers to fill a template from. */
const PREVIEW_CHOICES = 100;

/** The template of this name, or 404: names come from the path. */
export function findTemplateName(name: string): TemplateName {
  if (!(TEMPLATE_NAMES as string[]).includes(name)) throw new AppError('not_found', 'No such mail template');
  return name as TemplateName;
}

function toTemplateJson(name: TemplateName, row: TemplateRow | undefined): MailTemplateJson {
  const info = TEMPLATE_INFO[name];
  const defaults = { subject: MAIL_TEMPLATES[name].subject, body: MAIL_TEMPLATES[name].text };
  return {
    name,
    label: info.label,
    when: info.when,
    category: info.category,
    audience: TEMPLATE_AUDIENCE[name],
    placeholders: allowedPlaceholders(name),
    subject: row?.subject ?? defaults.subject,
    body: row?.body ?? defaults.body,
    customised: row !== undefined,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    defaults,
  };
}

/** Every template with the wording in force, and the papers and people a preview may be filled from. */
export async function listMailTemplates(opts: { db: Db }): Promise<MailTemplatesJson> {
  const { db } = opts;
  const [rows, paperChoices, people] = await Promise.all([
    db.select().from(mailTemplates),
    db
      .select({ id: papers.id, title: papers.title })
      .from(papers)
      .orderBy(desc(papers.submittedAt), desc(papers.id))
      .limit(PREVIEW_CHOICES),
    db
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(PREVIEW_CHOICES),
  ]);
  const byName = new Map(rows.map((r) => [r.name, r]));
  return {
    templates: TEMPLATE_NAMES.map((name) => toTemplateJson(name, byName.get(name))),
    previewChoices: { papers: paperChoices, people },
  };
}

/**
 * Save the editor's wording of a template: refused with checkTemplate's reason (the same rule the browser applies
 * as the editor types), audited in the same transaction. The mails queued from now on use it.
 */
export async function saveMailTemplate(opts: {
  db: Db;
  editor: Actor;
  name: string;
  body: SaveMailTemplateBody;
}): Promise<SavedMailTemplateJson> {
  const name = findTemplateName(opts.name);
  const { subject, body } = opts.body;
  const problem = checkTemplate(name, subject, body);
  if (problem) throw new AppError('bad_request', problem);
  return opts.db.transaction(async (tx) => {
    const values = { subject, body, updatedBy: opts.editor.id, updatedAt: new Date() };
    const [row] = await tx
      .insert(mailTemplates)
      .values({ name, ...values })
      .onConflictDoUpdate({ target: [mailTemplates.editionId, mailTemplates.name], set: values })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'mail.template.save',
      ip: opts.editor.ip,
      details: { template: name },
    });
    return {
      message: `“${TEMPLATE_INFO[name].label}” saved: mails sent from now on use your wording.`,
      template: toTemplateJson(name, row),
    };
  });
}

/** Drop the editor's wording: the default is in force again. Audited when there was a wording to drop. */
export async function resetMailTemplate(opts: { db: Db; editor: Actor; name: string }): Promise<SavedMailTemplateJson> {
  const name = findTemplateName(opts.name);
  return opts.db.transaction(async (tx) => {
    const dropped = await tx.delete(mailTemplates).where(eq(mailTemplates.name, name)).returning({ name: mailTemplates.name });
    if (dropped.length)
      await recordAudit(tx, {
        actorId: opts.editor.id,
        actorRole: 'Editor',
        action: 'mail.template.reset',
        ip: opts.editor.ip,
        details: { template: name },
      });
    return { message: `“${TEMPLATE_INFO[name].label}” is back to its default wording.`, template: toTemplateJson(name, undefined) };
  });
}
