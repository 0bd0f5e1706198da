import type { FastifyPluginAsync, FastifyInstance } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import { MAIL_NOT_CONFIGURED } from '../../core/messages';
import { MAIL_RETRY_QUEUED } from '../../core/schemas/mail';
import type { ExportName } from '../../core/schemas/records';
import { defineRoute } from '../http/route';
import { editorStats } from '../services/editor-desk/editor-stats';
import { listFirstSteps } from '../services/editor-desk/first-steps';
import { getMailForEditor, listInvitationMails, listMails } from '../services/editor-desk/find-mails';
import { listAudit } from '../services/editor-desk/list-audit';
import { retryMail } from '../services/editor-desk/retry-mail';
import { exportCsv, isScopedExport } from '../services/shared/export-csv';
import { exportScopeFor } from '../services/tracks/chairs';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

const EDITOR = ['Editor'] as const;

/** The editor's mail log: a failed mail queued once more, the log filtered per recipient, one mail whole; the invitations' states. */
async function mailQueueRoutes(app: FastifyInstance) {
  const { db } = app.database;

  defineRoute(app, EDITOR_DESK.retryMail, {
    access: ['Editor'],
    handler: async ({ req, caller, params }) => {
      const mail = await retryMail({ db, mailer: app.mailer, mailId: params.mailId, editorId: caller.id, ip: req.ip });
      return { message: MAIL_RETRY_QUEUED, mail };
    },
  });
  defineRoute(app, EDITOR_DESK.listMails, {
    access: ['Editor'],
    handler: ({ query }) => listMails({ db, query, configured: app.mailer.configured }),
  });
  defineRoute(app, EDITOR_DESK.getMail, {
    access: ['Editor'],
    handler: ({ params }) => getMailForEditor({ db, mailId: params.mailId, configured: app.mailer.configured }),
  });
  defineRoute(app, EDITOR_DESK.listInvitationMails, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, EDITOR_DESK.listInvitationMails.params, { seesReviewers: true }),
    handler: ({ params }) => listInvitationMails({ db, paperId: params.paperId }),
  });
}

/** Tells the editor's screens whether mail is delivered or only kept in the outbox (docs/product.md#mail). */
async function mailStatusRoutes(app: FastifyInstance) {
  defineRoute(app, EDITOR_DESK.getMailStatus, {
    access: ['Editor'],
    handler: () => {
      const configured = app.mailer.configured;
      return { configured, message: configured ? null : MAIL_NOT_CONFIGURED };
    },
  });
}

/** The editor's records: the audit log (read only: there is no route that changes it) and the CSV exports. */
async function recordRoutes(app: FastifyInstance) {
  const { db, pool } = app.database;

  defineRoute(app, EDITOR_DESK.listAuditEntries, { access: EDITOR, handler: ({ query }) => listAudit({ db, query }) });

  defineRoute(app, EDITOR_DESK.downloadExport, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ params, reply, caller }) => {
      const name = params.file.replace(/\.csv$/, '') as ExportName;
      // A track chair downloads papers, assignments and reviews of their tracks only (decision 0023).
      const scope = await exportScopeFor({ db, caller, scopedExport: isScopedExport(name) });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
        .send(exportCsv({ pool, name, scope }) as never);
    },
  });
}

/** The editor dashboard's chart data (docs/product.md#the-review-cycle) and its first steps: Editor only. */
async function statsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  defineRoute(app, EDITOR_DESK.getEditorStats, { access: ['Editor'], handler: () => editorStats(db) });
  // docs/product.md#the-editors-first-steps: what the edition still lacks, read on every visit to the dashboard.
  defineRoute(app, EDITOR_DESK.getFirstSteps, { access: ['Editor'], handler: () => listFirstSteps({ db }) });
}

const routes: FastifyPluginAsync = async (app) => {
  await mailQueueRoutes(app);
  await mailStatusRoutes(app);
  await recordRoutes(app);
  await statsRoutes(app);
};

export default routes;
