import { z } from '../zod';
import { PROGRAM_WARNING_KINDS, SESSION_KINDS } from '../program';
import { Id, PaperId } from './common';
import { noBidiControls, plainLine } from './text';

const Instant = z.iso.datetime({ offset: true, message: 'Times must be ISO 8601 instants, e.g. 2023-12-27T09:00:00+07:00' });

export const ProgramPaperJson = z.object({ _id: z.string(), title: z.string(), presenter: z.string() });
/** A session as the public sees it: never its online link, only whether it has one (`online`). */
export const ProgramSessionJson = z.object({
  _id: z.string(),
  title: z.string(),
  /** 'papers', or a slot without papers (keynote, break…): no track ('') and no papers. */
  kind: z.enum(SESSION_KINDS),
  track: z.string(),
  /** The line under the title: the track, or what a slot without papers is ("Keynote", "Break"). */
  label: z.string(),
  room: z.string(),
  online: z.boolean(),
  start: z.string(),
  end: z.string(),
  chair: z.string(),
  papers: z.array(ProgramPaperJson),
});
export type ProgramSessionJson = z.infer<typeof ProgramSessionJson>;

/**
 * GET /api/program (public): the programme as last published (decision 0052), never the editor's draft; no sessions
 * and `publishedAt: null` before the first publication. Times are instants; `timeZone` is the conference's zone
 * (the current facts) and `zoneLabel` how it is named ("Bangkok time, UTC+7").
 */
export const ProgramJson = z.object({
  timeZone: z.string(),
  zoneLabel: z.string(),
  publishedAt: z.string().nullable(),
  sessions: z.array(ProgramSessionJson),
  /** Every track's name in the editor's order (GET /api/tracks): what the page's track filter offers. */
  tracks: z.array(z.string()),
});
export type ProgramJson = z.infer<typeof ProgramJson>;

/** GET /api/program/links: the published sessions' online links, for registered participants and editors. */
export const ProgramLinksJson = z.object({ links: z.record(z.string(), z.string()) });
export type ProgramLinksJson = z.infer<typeof ProgramLinksJson>;

export const LINK_MESSAGE = 'Link must be an https:// address, e.g. https://meet.example.org/room-a';
/** An https address a browser can open, or '' for none. */
export function isSessionLink(link: string): boolean {
  if (link === '') return true;
  if (!/^https:\/\/[^\s<>"]+$/.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const Room = z
  .string()
  .trim()
  .max(500, 'Room is too long (at most 500 characters)')
  .refine(...noBidiControls('Room'));
/** The online session's address (decision 0052): shown only to registered participants; '' for none. */
const Link = z
  .string({ message: LINK_MESSAGE })
  .trim()
  .max(500, 'Link is too long (at most 500 characters)')
  .refine(isSessionLink, LINK_MESSAGE);
const Chair = z
  .string()
  .trim()
  .max(200, 'Chair is too long (at most 200 characters)')
  .refine(...noBidiControls('Chair'));
const SessionFields = z.object({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(300, 'Title is too long (at most 300 characters)')
    .refine(...plainLine('Title')),
  kind: z.enum(SESSION_KINDS, { message: `Kind must be one of: ${SESSION_KINDS.join(', ')}` }),
  /** A track's name (checked against the tracks by the service); '' for a slot without papers. */
  track: z.string({ message: 'Track must be the name of one of the tracks' }).trim().max(200, 'Track is too long (at most 200 characters)'),
  room: Room,
  link: Link,
  start: Instant,
  end: Instant,
  chair: Chair,
});
const endAfterStart = (s: { start?: string; end?: string }) => !s.start || !s.end || Date.parse(s.end) > Date.parse(s.start);

export const SessionBody = SessionFields.extend({
  kind: SessionFields.shape.kind.default('papers'),
  track: SessionFields.shape.track.default(''),
  room: Room.default(''),
  link: Link.default(''),
  chair: Chair.default(''),
}).refine(endAfterStart, { message: 'A session must end after it starts', path: ['end'] });
export type SessionBody = z.infer<typeof SessionBody>;
/** Only the fields sent change (no defaults here: a PATCH of the chair must not empty the room). */
export const SessionPatchBody = SessionFields.partial().refine(endAfterStart, {
  message: 'A session must end after it starts',
  path: ['end'],
});
export type SessionPatchBody = z.infer<typeof SessionPatchBody>;

export const SessionParams = z.object({ id: Id });
/** The papers of a session in order, each with the presenter's e-mail (one of the paper's authors). */
export const PlacementBody = z.object({
  papers: z
    .array(z.object({ paperId: PaperId, presenterEmail: z.string().trim().max(254) }).strict())
    .max(100, 'At most 100 papers in a session'),
});
export type PlacementBody = z.infer<typeof PlacementBody>;

export const ProgramWarningJson = z.object({
  kind: z.enum(PROGRAM_WARNING_KINDS),
  message: z.string(),
  sessionIds: z.array(z.string()),
  paperId: z.string().optional(),
});
export const EditorPaperChoiceJson = z.object({
  _id: z.string(),
  title: z.string(),
  registered: z.boolean(),
  sessionId: z.string().nullable(),
  authors: z.array(z.object({ name: z.string(), email: z.string() })),
});
/**
 * GET /api/editor/program: the draft (sessions with presenters' e-mails and links), its warnings, the accepted papers
 * to place, and how it stands against the published version.
 */
export const EditorProgramJson = z.object({
  timeZone: z.string(),
  zoneLabel: z.string(),
  conferenceDates: z.object({ start: z.string(), end: z.string() }),
  sessions: z.array(
    ProgramSessionJson.omit({ online: true, label: true }).extend({
      link: z.string(),
      papers: z.array(ProgramPaperJson.extend({ presenterEmail: z.string() })),
    }),
  ),
  warnings: z.array(ProgramWarningJson),
  papers: z.array(EditorPaperChoiceJson),
  /** The last publication: when, and how many sessions it had; null before the first. */
  published: z.object({ at: z.string(), sessions: z.number() }).nullable(),
  /** Every track's name in the editor's order (GET /api/tracks): what a session of papers can belong to. */
  tracks: z.array(z.string()),
  /** True when the draft differs from the last publication (or nothing is published yet and the draft has sessions). */
  changedSincePublished: z.boolean(),
});
export type EditorProgramJson = z.infer<typeof EditorProgramJson>;

/** POST /api/editor/program/publish: a draft with warnings is published only when the editor acknowledges them. */
export const PublishProgramBody = z.object({
  acknowledgeWarnings: z.boolean({ message: 'acknowledgeWarnings must be true or false' }).optional(),
});
export type PublishProgramBody = z.infer<typeof PublishProgramBody>;
export const PublishProgramJson = z.object({ publishedAt: z.string(), mailed: z.number(), message: z.string() });

export const CertificateJson = z.object({
  code: z.string(),
  kind: z.enum(['presentation', 'attendance', 'award', 'workshop']),
  name: z.string(),
  email: z.string(),
  paperId: z.string().nullable(),
  paperTitle: z.string().nullable(),
  issuedAt: z.string(),
});
export type CertificateJson = z.infer<typeof CertificateJson>;
/** Decision 0054: `waiting` presentation certificates are held back until their session has taken place. */
export const IssueCertificatesJson = z.object({ issued: z.number(), waiting: z.number(), certificates: z.array(CertificateJson) });
/** The editor's explicit override: also issue presentation certificates for sessions still to come. No body: the rule. */
export const IssueCertificatesBody = z.object({
  presentationsBeforeSessions: z.boolean({ message: 'presentationsBeforeSessions must be true or false' }).optional(),
});
/** `waitingForVerification`: certificates carry this address, listed once the account has verified it. */
export const CertificateListJson = z.object({ certificates: z.array(CertificateJson), waitingForVerification: z.literal(true).optional() });
export const CertificateCode = z.object({ code: z.string().regex(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/, 'Unknown certificate code') });

export const RegistrationJson = z.object({
  papers: z.array(z.object({ _id: z.string(), title: z.string(), author: z.string(), email: z.string(), registered: z.boolean() })),
});
export const RemindBody = z.object({ paperIds: z.array(PaperId).min(1, 'Choose at least one paper').max(500) });
export const RemindJson = z.object({ message: z.string(), sent: z.number() });

/** A published session's id, for the personal agenda's star. */
export const AgendaParams = z.object({ id: Id });
/** GET /api/me/agenda: the caller's starred sessions as the published programme has them, and their ids. */
export const AgendaJson = z.object({
  timeZone: z.string(),
  zoneLabel: z.string(),
  sessionIds: z.array(z.string()),
  sessions: z.array(ProgramSessionJson),
});
export type AgendaJson = z.infer<typeof AgendaJson>;
