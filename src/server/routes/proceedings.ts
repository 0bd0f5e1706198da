import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { PROCEEDINGS } from '../../core/api/proceedings';
import type { ProceedingsQuery } from '../../core/schemas/proceedings';
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

/**
 * What the publisher takes away (decision 0042): the Crossref deposit, BibTeX, the metadata CSV and the
 * camera-ready PDFs in one zip, each streamed as a download, for the editor and (their tracks) track chairs.
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
};

export default routes;
