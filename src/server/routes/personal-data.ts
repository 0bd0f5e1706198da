import type { FastifyPluginAsync } from 'fastify';
import { PERSONAL_DATA } from '../../core/api/personal-data';
import { ACCOUNT_ERASED, DATA_EXPORT_PENDING, DATA_EXPORT_QUEUED, ERASE_PASSWORD_WRONG } from '../../core/schemas/personal-data';
import { configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError, loggableError } from '../errors';
import { defineRoute } from '../http/route';
import { requestDataExport, runDataExports, takeDataExport } from '../services/personal-data/data-exports';
import { eraseAccount, previewErasure } from '../services/personal-data/erase-account';

const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;
const HOUR = 60 * 60 * 1000;

/** Decision 0071: a person's data, downloaded through a mailed one-time link, or erased with their password. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const shared = new SharedLimiter(db);
  const logins = new LoginLimiter(shared, configuredLoginLimits(app.config));
  const exportsNow = () =>
    runDataExports({ db, files: app.files, mailer: app.mailer, publicUrl: app.config.publicUrl }).catch((err: unknown) =>
      app.log.error({ err: loggableError(err) }, 'data export failed'),
    );

  defineRoute(app, PERSONAL_DATA.requestDataExport, {
    access: SIGNED_IN,
    handler: async ({ req, caller }) => {
      const refused = await shared.take([{ key: `data-export:u:${caller.id}`, limit: 3, windowMs: HOUR }]);
      if (refused) throw tooMany(refused, 'You asked for your data three times in the last hour.');
      const { queued } = await requestDataExport({ db, userId: caller.id, role: caller.role, ip: req.ip });
      // Made after the answer, by this instance; the mail worker's pass takes up any an instance left behind.
      if (queued) void exportsNow();
      return { message: queued ? DATA_EXPORT_QUEUED : DATA_EXPORT_PENDING, queued };
    },
  });

  defineRoute(app, PERSONAL_DATA.downloadDataExport, {
    access: SIGNED_IN,
    handler: async ({ req, reply, caller, query }) => {
      const { key, size } = await takeDataExport({ db, userId: caller.id, role: caller.role, token: query.token, ip: req.ip });
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.zip"`)
        .send(app.files.get(key));
    },
  });

  defineRoute(app, PERSONAL_DATA.previewErasure, {
    access: SIGNED_IN,
    handler: ({ caller }) => previewErasure({ db, userId: caller.id }),
  });

  defineRoute(app, PERSONAL_DATA.eraseAccount, {
    access: SIGNED_IN,
    handler: async ({ req, caller, body }) => {
      // The password is a login attempt on this account: the same limits, the same failure count.
      await logins.check(caller.email, req.ip);
      const { kept } = await eraseAccount({ db, files: app.files, userId: caller.id, password: body.password, ip: req.ip }).catch(
        async (err: unknown) => {
          if (err instanceof AppError && err.message === ERASE_PASSWORD_WRONG) await logins.fail(caller.email, req.ip);
          throw err;
        },
      );
      return { message: ACCOUNT_ERASED, kept };
    },
  });

  app.mailer.addJob({ name: 'data exports', everyMs: 60_000, run: exportsNow });
};

export default routes;
