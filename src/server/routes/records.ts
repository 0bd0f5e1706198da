import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import type { ExportName } from '../../core/schemas/records';
import { defineRoute } from '../http/route';
import { exportCsv, isScopedExport } from '../services/shared/export-csv';
import { exportScopeFor } from '../services/tracks/chairs';
import { EDITOR_OR_CHAIR } from './chair-access';
import { listAudit } from '../services/editor-desk/list-audit';

const EDITOR = ['Editor'] as const;

/** The editor's records: the audit log (read only: there is no route that changes it) and the CSV exports. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  defineRoute(app, EDITOR_DESK.listAuditEntries, { access: EDITOR, handler: ({ query }) => listAudit(db, query) });

  defineRoute(app, EDITOR_DESK.downloadExport, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ params, reply, caller }) => {
      const name = params.file.replace(/\.csv$/, '') as ExportName;
      // A track chair downloads papers, assignments and reviews of their tracks only (issue 22.2).
      const scope = await exportScopeFor(db, caller, isScopedExport(name));
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
        .send(exportCsv({ pool, name, scope }) as never);
    },
  });
};

export default routes;
