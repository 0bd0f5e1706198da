import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { PROCEEDINGS } from '../../core/api/proceedings';
import type { ProceedingsQuery } from '../../core/schemas/proceedings';
import { readPdfForm } from '../http/pdf-form';
import { defineRoute } from '../http/route';
import type { Caller } from '../permissions';
import {
  exportBibtex,
  exportCameraReadyZip,
  exportCrossrefXml,
  exportMetadataCsv,
  type ProceedingsScope,
} from '../services/proceedings/proceedings';
import { findProceedingsScope } from '../services/proceedings/proceedings-scope';
import { getProceedingsPublication, setProceedingsPublication } from '../services/proceedings/publication';
import { discardOnFailure } from '../services/shared/discard-file';
import { findPaperForSlides, findPaperSlides, getPaperSlides, removePaperSlides, saveSlides } from '../services/submissions/paper-slides';
import { EDITOR_OR_CHAIR } from './chair-access';

/** A download's name: "<base>[-<track>]-<day>.<ext>" (a track id reduced to safe characters). */
function attachment(reply: FastifyReply, opts: { type: string; base: string; ext: string; trackId: string | undefined; body: Readable }) {
  const track = opts.trackId ? `-${opts.trackId.replace(/[^A-Za-z0-9_-]/g, '')}` : '';
  return reply
    .type(opts.type)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${opts.base}${track}-${new Date().toISOString().slice(0, 10)}.${opts.ext}"`)
    .send(opts.body);
}

const EDITOR = ['Editor'] as const;
const AUTHOR = ['Author'] as const;

/**
 * What the publisher takes away (decision 0042): the Crossref deposit, BibTeX, the metadata CSV and the
 * camera-ready PDFs in one zip, each streamed as a download, for the editor and (their tracks) track chairs.
 * The proceedings' publication and the presenters' slides, public on each paper's page (decision 0066).
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const scopeOf = (caller: Caller, query: ProceedingsQuery): Promise<ProceedingsScope> =>
    findProceedingsScope({ db, caller, trackId: query.trackId });

  defineRoute(app, PROCEEDINGS.exportCrossrefXml, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, query, reply }) =>
      attachment(reply, {
        type: 'application/xml; charset=utf-8',
        base: 'proceedings-crossref',
        ext: 'xml',
        trackId: query.trackId,
        body: await exportCrossrefXml({
          db,
          scope: await scopeOf(caller, query),
          publicUrl: app.config.publicUrl,
          conference: app.conference.current(),
        }),
      }),
  });
  defineRoute(app, PROCEEDINGS.exportBibtex, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, query, reply }) =>
      attachment(reply, {
        type: 'application/x-bibtex; charset=utf-8',
        base: 'proceedings',
        ext: 'bib',
        trackId: query.trackId,
        body: await exportBibtex({ db, scope: await scopeOf(caller, query), conference: app.conference.current() }),
      }),
  });
  defineRoute(app, PROCEEDINGS.exportMetadataCsv, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, query, reply }) =>
      attachment(reply, {
        type: 'text/csv; charset=utf-8',
        base: 'proceedings',
        ext: 'csv',
        trackId: query.trackId,
        body: await exportMetadataCsv({ db, scope: await scopeOf(caller, query), conference: app.conference.current() }),
      }),
  });
  defineRoute(app, PROCEEDINGS.exportCameraReadyZip, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, query, reply }) =>
      attachment(reply, {
        type: 'application/zip',
        base: 'camera-ready',
        ext: 'zip',
        trackId: query.trackId,
        body: await exportCameraReadyZip({
          db,
          files: app.files,
          scope: await scopeOf(caller, query),
          conference: app.conference.current(),
        }),
      }),
  });

  defineRoute(app, PROCEEDINGS.getProceedingsPublication, {
    access: EDITOR,
    handler: () => getProceedingsPublication({ db }),
  });
  defineRoute(app, PROCEEDINGS.setProceedingsPublication, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const publication = await setProceedingsPublication({ db, editor: { id: caller.id, ip: req.ip }, published: body.published });
      return {
        ...publication,
        message: publication.published
          ? "Proceedings published: each accepted paper's page links its camera-ready PDF"
          : 'Proceedings taken back: the camera-ready PDFs are private again',
      };
    },
  });

  defineRoute(app, PROCEEDINGS.getPaperSlides, {
    access: AUTHOR,
    handler: async ({ caller, params }) => ({ slides: await getPaperSlides({ db, caller, paperId: params.id }) }),
  });
  defineRoute(app, PROCEEDINGS.uploadPaperSlides, {
    access: AUTHOR,
    // Whose paper it is, and whether it may take slides, come before the upload is read.
    guard: async (req, caller) => {
      const { id } = PROCEEDINGS.uploadPaperSlides.params.parse(req.params);
      return findPaperForSlides({ db, caller, paperId: id });
    },
    handler: async ({ req, caller, guarded: paper }) => {
      const { file } = await readPdfForm(app, req);
      const slides = await discardOnFailure({
        db,
        store: app.files,
        key: file?.key,
        work: () => saveSlides({ db, files: app.files, author: { id: caller.id, ip: req.ip }, paper, file }),
      });
      return { message: "Slides uploaded: they are linked from the paper's public page", slides };
    },
  });
  defineRoute(app, PROCEEDINGS.getEditorPaperSlides, {
    access: EDITOR,
    handler: async ({ params }) => ({ slides: await findPaperSlides({ db, paperId: params.paperId }) }),
  });
  defineRoute(app, PROCEEDINGS.removePaperSlides, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removePaperSlides({ db, files: app.files, editor: { id: caller.id, ip: req.ip }, paperId: params.paperId });
      return { message: 'Slides removed from the paper’s page', slides: null };
    },
  });
};

export default routes;
