import { inArray } from 'drizzle-orm';
import type { TemplateName, TemplateText } from '../../core/mail-templates';
import type { Db } from '../db/connect';
import { mailTemplates } from '../db/schema';

/** The editor's wording of these templates where they changed it (decision 0038); a template missing from the map uses its default. */
export async function loadWordings(db: Pick<Db, 'select'>, names: TemplateName[]): Promise<Map<TemplateName, TemplateText>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(mailTemplates).where(inArray(mailTemplates.name, unique));
  return new Map(rows.map((r) => [r.name as TemplateName, { subject: r.subject, text: r.body }]));
}
