import { z } from '../zod';
import { endpoints, fileAnswer } from './endpoint';

/** How the editor's abstract book is grouped: by the published programme's sessions, or every accepted paper by track. */
export const ABSTRACT_BOOK_ORDERS = ['session', 'track'] as const;
export type AbstractBookOrder = (typeof ABSTRACT_BOOK_ORDERS)[number];

export const AbstractBookQuery = z.object({
  by: z.enum(ABSTRACT_BOOK_ORDERS, { message: 'by must be "session" or "track"' }).default('session'),
});

export const NOT_PUBLISHED = 'The programme is not published yet';

/** Decision 0073: a document made in the background, as the organiser sees it. */
export const DocumentStatusJson = z.object({
  kind: z.enum(['programme', 'abstract-book']),
  /** none: not asked for (no published programme); queued; making (done of total papers); ready (at readyAt); failed. */
  status: z.enum(['none', 'queued', 'making', 'ready', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  readyAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type DocumentStatusJson = z.infer<typeof DocumentStatusJson>;
export const DocumentStatusesJson = z.object({ documents: z.array(DocumentStatusJson) });

/** Decision 0053: the printable programme and the abstract book, as PDFs set in fonts that draw names in any script. */
export const PROGRAMME_DOCUMENTS = endpoints('programme', {
  getProgrammePdf: {
    method: 'GET',
    path: '/program.pdf',
    summary: 'The published programme as a printable PDF',
    description:
      'Days in the conference\'s time zone, each session with its times, track, room or "Online", chair, and its papers in order with their presenters. ' +
      `404 "${NOT_PUBLISHED}" until the editor publishes it.`,
    response: fileAnswer('application/pdf', 'The programme (PDF)'),
  },
  getAbstractBookPdf: {
    method: 'GET',
    path: '/program/abstract-book.pdf',
    summary: 'The abstract book of the published programme (PDF)',
    description:
      "Front matter from the conference's settings, a table of contents, then the papers by session in the published order: title, authors with " +
      `their affiliations, abstract. 404 "${NOT_PUBLISHED}" until the editor publishes the programme.`,
    response: fileAnswer('application/pdf', 'The abstract book (PDF)'),
  },
  getDocumentStatuses: {
    method: 'GET',
    path: '/editor/programme-documents',
    summary: 'The programme PDF and the abstract book made in the background: their state',
    description:
      'Made when the programme is published or the conference facts change, then served from the store: for each, `queued`, `making` ' +
      '(`done` of `total` papers), `ready` (since `readyAt`), `failed` (with `error`), or `none` before any publication.',
    response: DocumentStatusesJson,
    tag: 'editor desk',
  },
  getEditorAbstractBookPdf: {
    method: 'GET',
    path: '/editor/abstract-book.pdf',
    summary: 'The abstract book, by session or by track (PDF)',
    description:
      "`by=session` (default): the published programme's sessions, as the public one (404 until it is published). `by=track`: every accepted paper, " +
      'not withdrawn, grouped by track, those with a camera-ready version first; the others are marked as waiting for it.',
    query: AbstractBookQuery,
    response: fileAnswer('application/pdf', 'The abstract book (PDF)'),
    tag: 'editor desk',
  },
});
