import { z } from '../zod';
import { Id, PaperId } from './common';

/** The audit log as the editor reads it: filters and one page, newest first. Nothing in it can be changed. */
export const AuditQuery = z.object({
  action: z
    .string()
    .trim()
    .max(60, 'action is too long')
    .regex(/^[a-z.-]*$/, 'action is letters, dots and dashes')
    .optional(),
  actorId: Id.optional(),
  paperId: PaperId.optional(),
  from: z.iso.datetime({ offset: true, message: 'from must be a date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be a date-time' }).optional(),
  cursor: Id.optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntryJson = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  paperId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryJson = z.infer<typeof AuditEntryJson>;
export const AuditPageJson = z.object({ entries: z.array(AuditEntryJson), nextCursor: z.string().nullable() });
export type AuditPageJson = z.infer<typeof AuditPageJson>;

export const EXPORTS = ['papers', 'reviewers', 'assignments', 'reviews', 'contact-messages', 'audit'] as const;
export type ExportName = (typeof EXPORTS)[number];
export const ExportParams = z.object({
  file: z.enum(EXPORTS.map((e) => `${e}.csv`) as [string, ...string[]], {
    message: `Exports are ${EXPORTS.map((e) => `${e}.csv`).join(', ')}`,
  }),
});
export const EXPORT_LABELS: Record<ExportName, string> = {
  papers: 'Papers with review summary and decision',
  reviewers: 'Reviewers with their load',
  assignments: 'Assignments',
  reviews: 'Reviews',
  'contact-messages': 'Contact messages',
  audit: 'Audit log',
};
