import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PROGRAMME_DOCUMENTS } from '../../core/api/programme-documents';
import { defineRoute } from '../http/route';
import {
  renderAbstractBook,
  renderPublishedAbstractBook,
  renderPublishedProgrammePdf,
} from '../services/programme-documents/programme-documents';
import { documentSource, documentStatuses } from '../services/programme-documents/document-jobs';
import { findPublishedProgram } from '../services/programme/published-program';

const EDITOR = ['Editor'] as const;

const pdf = (reply: FastifyReply, bytes: Uint8Array, name: string, cache: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', cache)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Decision 0053: the printable programme and the abstract book, from the published programme (public) or for the editor. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, PROGRAMME_DOCUMENTS.getProgrammePdf, {
    access: 'public',
    handler: async ({ reply }) =>
      pdf(
        reply,
        await renderPublishedProgrammePdf({ db, files: app.files, conference: app.conference.current() }),
        'programme.pdf',
        'no-cache',
      ),
  });
  defineRoute(app, PROGRAMME_DOCUMENTS.getAbstractBookPdf, {
    access: 'public',
    handler: async ({ reply }) =>
      pdf(
        reply,
        await renderPublishedAbstractBook({ db, files: app.files, conference: app.conference.current() }),
        'abstract-book.pdf',
        'no-cache',
      ),
  });
  defineRoute(app, PROGRAMME_DOCUMENTS.getDocumentStatuses, {
    access: EDITOR,
    handler: async () => {
      const published = await findPublishedProgram(db);
      const source = published ? documentSource(published.publishedAt, app.conference.current()) : null;
      return { documents: await documentStatuses(db, source) };
    },
  });
  defineRoute(app, PROGRAMME_DOCUMENTS.getEditorAbstractBookPdf, {
    access: EDITOR,
    handler: async ({ query, reply }) =>
      pdf(
        reply,
        await renderAbstractBook({ db, files: app.files, conference: app.conference.current(), by: query.by }),
        `abstract-book-by-${query.by}.pdf`,
        'private, no-store',
      ),
  });
};

export default routes;
