import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PUBLICATIONS } from '../../core/api/publications';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { readMultipart } from '../http/upload';
import type { AccessRole } from '../permissions';
import { exportAffinityCsv, paperAffinities } from '../services/affinity/read-affinities';
import { IMPORT_MAX_BYTES } from '../services/publications/formats/detect';
import {
  addPublication,
  importPublications,
  listPersonPublications,
  listPublications,
  removePublication,
  updatePublication,
} from '../services/publications/publications';
import { checkEditorPaper, exportScopeFor } from '../services/tracks/chairs';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

const SIGNED_IN: readonly AccessRole[] = ['Author', 'Reviewer', 'Editor'];
const TOO_LARGE = `The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`;

/** The one file of an import form (field `file`), read into memory up to the limit (decision 0076: never stored). */
async function readImportFile(req: FastifyRequest): Promise<Uint8Array> {
  if (!req.isMultipart()) throw new AppError('bad_request', 'Send the file as multipart/form-data in the field `file`');
  let bytes: Uint8Array | undefined;
  await readMultipart(
    req.parts({ limits: { fileSize: IMPORT_MAX_BYTES + 1 } }),
    async (part) => {
      if (part.fieldname !== 'file') throw new AppError('bad_request', 'The file must be sent in the field `file`');
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > IMPORT_MAX_BYTES) throw new AppError('too_large', TOO_LARGE);
          chunks.push(chunk);
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', TOO_LARGE);
        throw err;
      }
      if (part.file.truncated) throw new AppError('too_large', TOO_LARGE);
      bytes = Buffer.concat(chunks);
      return { key: '', size, head: Buffer.alloc(0) };
    },
    async () => {},
    req.raw,
  );
  if (!bytes) throw new AppError('bad_request', 'Choose a file to import: BibTeX, DBLP XML or ORCID JSON');
  return bytes;
}

const imported = (r: Awaited<ReturnType<typeof importPublications>>) => ({
  message: `${r.added} publication${r.added === 1 ? '' : 's'} added, ${r.merged} already in the profile${r.skipped ? `, ${r.skipped} left out (no title or unreadable)` : ''}`,
  ...r,
});

/** Decision 0076: a person's publications, kept by them (the editor may import for them), and the affinities read from them. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  defineRoute(app, PUBLICATIONS.listMyPublications, {
    access: SIGNED_IN,
    handler: ({ caller }) => listPublications({ db, userId: caller.id }),
  });
  defineRoute(app, PUBLICATIONS.addMyPublication, {
    access: SIGNED_IN,
    handler: ({ caller, body }) => addPublication({ db, userId: caller.id, body }),
  });
  defineRoute(app, PUBLICATIONS.updateMyPublication, {
    access: SIGNED_IN,
    handler: ({ caller, params, body }) => updatePublication({ db, userId: caller.id, publicationId: params.publicationId, changes: body }),
  });
  defineRoute(app, PUBLICATIONS.removeMyPublication, {
    access: SIGNED_IN,
    handler: async ({ caller, params }) => {
      await removePublication({ db, userId: caller.id, publicationId: params.publicationId });
      return { message: 'Publication removed' };
    },
  });
  defineRoute(app, PUBLICATIONS.importMyPublications, {
    access: SIGNED_IN,
    handler: async ({ req, caller }) => imported(await importPublications({ db, userId: caller.id, bytes: await readImportFile(req) })),
  });

  // Profiles are the person's and the chairs' (decision 0076): the editor and track chairs read them; the editor imports.
  defineRoute(app, PUBLICATIONS.listPersonPublications, {
    access: EDITOR_OR_CHAIR,
    handler: ({ params }) => listPersonPublications({ db, userId: params.userId }),
  });
  defineRoute(app, PUBLICATIONS.importPersonPublications, {
    access: ['Editor'],
    handler: async ({ req, caller, params }) =>
      imported(
        await importPublications({
          db,
          userId: params.userId,
          bytes: await readImportFile(req),
          actor: { id: caller.id, ip: req.ip, role: caller.role },
        }),
      ),
  });

  // Affinities are the editor's and the paper's track chair's: never an author's, never a reviewer's.
  defineRoute(app, PUBLICATIONS.getPaperAffinities, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, PUBLICATIONS.getPaperAffinities.params, { seesReviewers: true }),
    handler: ({ params }) => paperAffinities({ db, paperId: params.paperId }),
  });
  defineRoute(app, PUBLICATIONS.exportAffinities, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ reply, caller, query }) => {
      if (query.paperId) await checkEditorPaper({ db, caller, paperId: query.paperId, seesReviewers: true });
      const scope = await exportScopeFor({ db, caller, scopedExport: true });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="affinity-${day}.csv"`)
        .send(exportAffinityCsv({ pool, paperId: query.paperId, scope }) as never);
    },
  });
};

export default routes;
