import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageJson } from '../../core/schemas/common';
import { AuditPageJson, AuditQuery, ExportParams, type ExportName } from '../../core/schemas/records';
import { requireCaller } from '../auth/caller';
import { exportCsv } from '../services/shared/export-csv';
import { listAudit } from '../services/editor-desk/list-audit';

const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 500: MessageJson, 503: MessageJson };

/** The editor's records: the audit log (read only: there is no route that changes it) and the CSV exports. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/editor/audit', {
    schema: { description: 'Who did what, newest first; filters by action (a prefix ending in "." matches a family), actor, paper and time.', security: [{ bearer: [] }], querystring: AuditQuery, response: { 200: AuditPageJson, ...errors } },
    // Who is asking comes before the query's checks.
    preValidation: async (req) => { await requireCaller(req, 'Editor'); },
  }, async (req) => listAudit(db, req.query));

  api.get('/editor/exports/:file', {
    schema: {
      description: 'CSV exports (UTF-8 with BOM, formula-guarded cells), streamed: papers.csv, reviewers.csv, assignments.csv, reviews.csv, contact-messages.csv, audit.csv.',
      security: [{ bearer: [] }],
      params: ExportParams,
      response: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } }, ...errors },
    },
    preValidation: async (req) => { await requireCaller(req, 'Editor'); },
  }, async (req, reply) => {
    const name = req.params.file.replace(/\.csv$/, '') as ExportName;
    const day = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
      .send(exportCsv({ pool, name }) as never);
  });
};

export default routes;
