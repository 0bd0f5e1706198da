import { z } from 'zod';
import { PROGRAM_TRACKS } from '../program';
import { Id, PaperId } from './common';
import { plainLine } from './text';

const Instant = z.iso.datetime({ offset: true, message: 'Times must be ISO 8601 instants, e.g. 2023-12-27T09:00:00+07:00' });

export const ProgramPaperJson = z.object({ _id: z.string(), title: z.string(), presenter: z.string() });
export const ProgramSessionJson = z.object({
  _id: z.string(), title: z.string(), track: z.string(), room: z.string(),
  start: z.string(), end: z.string(), chair: z.string(), papers: z.array(ProgramPaperJson),
});
export type ProgramSessionJson = z.infer<typeof ProgramSessionJson>;

/** GET /api/program (public). */
export const ProgramJson = z.object({ timeZone: z.string(), sessions: z.array(ProgramSessionJson) });
export type ProgramJson = z.infer<typeof ProgramJson>;

const SessionFields = z.object({
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(300, 'Title is too long (at most 300 characters)').refine(...plainLine('Title')),
  track: z.enum(PROGRAM_TRACKS, { message: 'Track must be one of the four tracks of the call for papers' }),
  room: z.string().trim().max(500, 'Room is too long (at most 500 characters)').default(''),
  start: Instant,
  end: Instant,
  chair: z.string().trim().max(200, 'Chair is too long (at most 200 characters)').default(''),
});
const endAfterStart = (s: { start?: string; end?: string }) => !s.start || !s.end || Date.parse(s.end) > Date.parse(s.start);

export const SessionBody = SessionFields.refine(endAfterStart, { message: 'A session must end after it starts', path: ['end'] });
export type SessionBody = z.infer<typeof SessionBody>;
export const SessionPatchBody = SessionFields.partial().refine(endAfterStart, { message: 'A session must end after it starts', path: ['end'] });
export type SessionPatchBody = z.infer<typeof SessionPatchBody>;

export const SessionParams = z.object({ id: Id });
/** The papers of a session in order, each with the presenter's e-mail (one of the paper's authors). */
export const PlacementBody = z.object({
  papers: z.array(z.object({ paperId: PaperId, presenterEmail: z.string().trim().max(254) }).strict()).max(100, 'At most 100 papers in a session'),
});
export type PlacementBody = z.infer<typeof PlacementBody>;

export const ProgramWarningJson = z.object({
  kind: z.enum(['presenter-overlap', 'room-overlap', 'unplaced-paper', 'outside-dates']), message: z.string(),
  sessionIds: z.array(z.string()), paperId: z.string().optional(),
});
export const EditorPaperChoiceJson = z.object({
  _id: z.string(), title: z.string(), registered: z.boolean(), sessionId: z.string().nullable(),
  authors: z.array(z.object({ name: z.string(), email: z.string() })),
});
/** GET /api/editor/program: the programme with presenters' e-mails, warnings and the accepted papers to place. */
export const EditorProgramJson = z.object({
  timeZone: z.string(),
  conferenceDates: z.object({ start: z.string(), end: z.string() }),
  sessions: z.array(ProgramSessionJson.extend({ papers: z.array(ProgramPaperJson.extend({ presenterEmail: z.string() })) })),
  warnings: z.array(ProgramWarningJson),
  papers: z.array(EditorPaperChoiceJson),
});
export type EditorProgramJson = z.infer<typeof EditorProgramJson>;

export const CertificateJson = z.object({
  code: z.string(), kind: z.enum(['presentation', 'attendance', 'award', 'workshop']), name: z.string(), email: z.string(),
  paperId: z.string().nullable(), paperTitle: z.string().nullable(), issuedAt: z.string(),
});
export type CertificateJson = z.infer<typeof CertificateJson>;
/** Issue 26.6: `waiting` presentation certificates are held back until their session has taken place. */
export const IssueCertificatesJson = z.object({ issued: z.number(), waiting: z.number(), certificates: z.array(CertificateJson) });
/** The editor's explicit override: also issue presentation certificates for sessions still to come. No body: the rule. */
export const IssueCertificatesBody = z.object({
  presentationsBeforeSessions: z.boolean({ message: 'presentationsBeforeSessions must be true or false' }).optional(),
});
/** `waitingForVerification`: certificates carry this address, listed once the account has verified it. */
export const CertificateListJson = z.object({ certificates: z.array(CertificateJson), waitingForVerification: z.literal(true).optional() });
export const CertificateCode = z.object({ code: z.string().regex(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/, 'Unknown certificate code') });

export const RegistrationJson = z.object({ papers: z.array(z.object({ _id: z.string(), title: z.string(), author: z.string(), email: z.string(), registered: z.boolean() })) });
export const RemindBody = z.object({ paperIds: z.array(PaperId).min(1, 'Choose at least one paper').max(500) });
export const RemindJson = z.object({ message: z.string(), sent: z.number() });
