import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import type { ExportName } from '../../core/schemas/records';
import { defineRoute } from '../http/route';
import { exportCsv } from '../services/shared/export-csv';
import { listAudit } from '../services/editor-desk/list-audit';

const EDITOR = ['Editor'] as const;

/** The editor's records: the audit log (read only: there is no route that changes it) and the CSV exports. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  defineRoute(app, EDITOR_DESK.listAuditEntries, { access: EDITOR, handler: ({ query }) => listAudit(db, query) });

  defineRoute(app, EDITOR_DESK.downloadExport, {
    access: EDITOR,
    handler: ({ params, reply }) => {
      const name = params.file.replace(/\.csv$/, '') as ExportName;
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
        .send(exportCsv({ pool, name }) as never);
    },
  });
};

export default routes;
