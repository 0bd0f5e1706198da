import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { zodIssueMessage } from './http/route';
import { trustProxyOption, type Config } from './config';
import { connectDatabase, type Database } from './db/connect';
import { AppError, DATABASE_FULL, FILES_FULL, isInsufficientResources, loggableError, loggableRequest } from './errors';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ConferenceFactsStore } from './services/shared/conference-facts';
import { SiteListsStore } from './services/site/site-lists-store';
import { SitePagesStore } from './services/site/site-pages-store';
import { forEveryEdition } from './services/editions/editions';
import { loadWebSite, registerWeb, serveSiteFirst, type WebSite } from './web';
import { API_POLICY, htmlPolicy, inlineScriptHashes } from './csp';
import { PAYU_AUTOSUBMIT_SCRIPT } from './payments/pages';
import multipart from '@fastify/multipart';
import path from 'node:path';
import { tokenKey, type TokenKey } from './auth/tokens';
import { localFileStore, type FileStore } from './storage/file-store';
import { pgFileStore, pruneFileHolds, sweepUnreferencedFiles } from './storage/pg-file-store';
import { scheduleBackups } from './ops/scheduled-backups';
import { startAffinityRefresher } from './services/affinity/refresh';
import { startDocumentMaker } from './services/programme-documents/document-jobs';
import { withHoldScope } from './storage/holds';
import { HashQueue, withHashingScope } from './auth/hash-queue';
import { AdmissionGate, Turn } from './http/admission';
import { capConnections, hasBody, trustedProxy, watchBody } from './http/slow-clients';
import { addressKey } from './auth/request-limiter';
import { apiRoutes } from './routes';
import { API_INFO } from './http/api-document';
import verifyPage from './routes/verify-page';
import paperPages from './routes/paper-pages';
import editionPages from './routes/edition-pages';
import { ListCache, pgSharedGeneration } from './services/shared/list-cache';
import { createMailer, type Mailer } from './mail/send';
import { sendReviewReminders } from './services/submissions/send-review-reminders';
import { sendDiscussionDigests } from './services/discussion/discussion-digest';
import { sendResponseWindowNotices } from './services/deliberation/response-window-notices';
import { digestJobEveryMs, sendDailyDigests } from './services/mail-preferences/digests';
import { purgePassportNumbers } from './services/visa-letters/purge-passport-numbers';
import { offerFreeWorkshopSeats } from './services/workshops/workshop-waitlist';
import { sendPanelReminders } from './services/awards/reminders';
import { hasUnstorableText, UNSTORABLE_TEXT } from './unstorable-text';
import { Metrics, SITE_ROUTE, UNMATCHED_ROUTE } from './metrics';
import { isMetricsUrl, listenForMetrics, registerMetricsRoute } from './http/metrics-endpoint';
import { instrumentFileStore } from './storage/instrumented-file-store';
import { countMailQueue } from './mail/queue-counts';
import { performance } from 'node:perf_hooks';
import swagger from '@fastify/swagger';
import { MessageJson } from '../core/schemas/common';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    tokenKey: TokenKey;
    listCache: ListCache;
    files: FileStore;
    /** Every e-mail the product sends goes through this one mailer. */
    mailer: Mailer;
    /** The queue every password hash waits in (decision 0022); its stats count the hashes. */
    hashing: HashQueue;
    /** The bounded, fair queue every API request waits in (decision 0036). */
    admission: AdmissionGate;
    /** The conference's facts as the editor last saved them (decision 0051). */
    conference: ConferenceFactsStore;
    /** The committee, sponsors and previous events as the editor last saved them (decision 0062). */
    siteLists: SiteListsStore;
    /** The organiser's published pages as last saved (decision 0064). */
    sitePages: SitePagesStore;
    /** What GET /metrics reports (decision 0067); null unless METRICS_TOKEN or METRICS_ADDRESS is set. */
    metrics: Metrics | null;
  }
}

export interface BuildOptions {
  /** Serve the built site too (off in API tests that do not need it). */
  web?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  let site: WebSite | null = null;
  // Metrics only when someone may read them (decision 0067): otherwise nothing is counted and /metrics is 404.
  const metrics = config.METRICS_TOKEN || config.METRICS_ADDRESS ? new Metrics() : null;
  const metricsHere = config.METRICS_TOKEN !== undefined;
  const app = Fastify({
    // Pages and assets are answered from memory before the framework (logging, hooks) sees them:
    // through Fastify a page measured 0.31x of nginx's requests per second, this way 0.54x (docs/benchmarks.md).
    serverFactory: (handler) => {
      const deadline = { initialMs: config.API_BODY_TIMEOUT_MS, minRate: config.API_BODY_MIN_RATE };
      // Slow clients (decision 0057): headers within the body's initial time, checked every second; then the
      // body keeps up with a least rate (watchBody) instead of Node's five minutes for a whole request.
      const toFramework = (req: IncomingMessage, res: ServerResponse) => {
        watchBody(req, res, deadline);
        handler(req, res);
      };
      const server = createServer(
        { headersTimeout: config.API_BODY_TIMEOUT_MS, requestTimeout: 0, connectionsCheckingInterval: 1000 },
        metrics ? measureSiteFirst({ metrics, site: () => site, toFramework, metricsHere }) : serveSiteFirst(() => site, toFramework),
      );
      server.keepAliveTimeout = 72_000; // Fastify's own default, which it does not apply to a server it did not make
      capConnections(server, config.CONNECTIONS_PER_ADDRESS, trustedProxy(config.TRUST_PROXY));
      return server;
    },
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            serializers: { req: loggableRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // X-Forwarded-For only from configured balancers (TRUST_PROXY); otherwise the socket's address (decision 0019).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // A URL the router cannot decode (bad %-escape, over-long parameter): the same {message} as any other 400.
    frameworkErrors: (error, _req, reply) => {
      (reply as FastifyReply).code(400).send({ message: error.message });
    },
  });
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMode: config.DATABASE_POOL_MODE,
  });
  // The front door (decision 0036): before anything else works on an API request, it waits for one of a bounded
  // number of turns, fair between client addresses, or is answered 503 with Retry-After at once. Pages and assets
  // never come here (served before the framework); the health check goes by, for load balancers.
  const admission = new AdmissionGate({
    concurrency: config.API_CONCURRENCY,
    maxUploads: config.API_UPLOAD_CONCURRENCY,
    maxWaiting: config.API_QUEUE,
    maxWaitMs: config.API_QUEUE_WAIT_MS,
    maxUploadsPerAddress: Math.ceil(config.API_UPLOAD_CONCURRENCY / 4),
  });
  app.decorate('admission', admission);
  app.decorate('metrics', metrics);
  if (metrics) {
    // Each answer of the framework by its route's pattern (never the URL: one series per route, not per paper).
    app.addHook('onResponse', async (req, reply) => {
      metrics.observeHttp({
        method: req.method,
        route: req.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
  }
  const turns = new WeakMap<object, Turn>();
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || isHealthCheck(req.url)) return;
    // An upload (a PDF's form) holds its turn while its body arrives: uploads get a share of the turns (and one
    // address a share of those), and the rest go to reads first, so that a deadline's surge of submissions does
    // not queue everyone else behind it.
    const upload = req.headers['content-type']?.toLowerCase().startsWith('multipart/form-data') === true;
    const turn = new Turn(admission, addressKey(req.ip), upload);
    // 'close' comes once the answer is sent or the connection is gone, whichever is first; listened to before the
    // wait, so a client that leaves while waiting gives back the turn it is granted later.
    reply.raw.once('close', () => turn.end());
    await turn.take();
    turns.set(req, turn);
  });
  // Any other body arrives without a turn (decision 0057): the caller is checked with one (onRequest), the
  // turn is given back while the body comes, and taken again to run the route once it is whole. A slow body holds
  // a socket, never one of the turns everyone shares.
  app.addHook('preParsing', async (req, _reply, payload) => {
    const turn = turns.get(req);
    if (turn && !turn.upload && hasBody(req.raw)) turn.giveBack();
    return payload;
  });
  app.addHook('preValidation', async (req) => {
    await turns.get(req)?.takeAgain();
  });
  // Routes declare their body, params, query and responses as zod schemas (src/core/schemas): Fastify
  // validates what comes in and what goes out with them, and the OpenAPI document is made from them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // What any route can answer whatever it declares: a body over the limit (413), a failure of ours (500),
  // the database out of space or unreachable (503). Declared on every route that has response schemas,
  // before @fastify/swagger reads them, so the document holds every status the API can send.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || typeof response !== 'object') return;
    const bodied = ([] as string[]).concat(route.method).some((m) => m !== 'GET' && m !== 'HEAD');
    for (const code of [...(bodied ? [413] : []), 500, 503])
      if (!(code in response) && !(String(code) in response)) response[code] = MessageJson;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: API_INFO,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokenKey', tokenKey(config.JWT_SECRET));
  // Instances sharing a database (DATABASE_URL) count writes in PostgreSQL; the embedded database has one process.
  const listCache = new ListCache(
    undefined,
    undefined,
    undefined,
    database.driver === 'postgres' ? pgSharedGeneration(database.pool) : undefined,
  );
  app.decorate('listCache', listCache);
  // Any write makes cached lists stale: before it runs and again before its answer goes out.
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') await listCache.invalidate();
  });
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') await listCache.invalidate();
  });
  const conference = new ConferenceFactsStore();
  app.decorate('conference', conference);
  const mailer = createMailer({
    conference: () => conference.current(),
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
    publicUrl: config.publicUrl,
    secret: config.JWT_SECRET,
    ratePerMinute: config.MAIL_RATE_PER_MINUTE,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    leaseMs: config.MAIL_LEASE_SECONDS * 1000,
    ...(metrics ? { countDelivery: (outcome) => metrics.countMailDelivery(outcome) } : {}),
  });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => {
    await conference.refresh(database.db).catch(() => {});
    conference.watch(database.db);
  });
  app.addHook('onClose', async () => conference.stop());
  const siteLists = new SiteListsStore();
  app.decorate('siteLists', siteLists);
  app.addHook('onReady', async () => {
    await siteLists.refresh(database.db).catch(() => {});
    siteLists.watch(database.db);
  });
  app.addHook('onClose', async () => siteLists.stop());
  const sitePages = new SitePagesStore();
  app.decorate('sitePages', sitePages);
  app.addHook('onReady', async () => {
    await sitePages.refresh(database.db).catch(() => {});
    sitePages.watch(database.db);
  });
  app.addHook('onClose', async () => sitePages.stop());
  // Review reminders (docs/product.md#mail) are queued by the mail worker's loop, every ten minutes.
  mailer.addJob({
    name: 'review reminders',
    everyMs: 10 * 60_000,
    run: () => sendReviewReminders({ db: database.db, mailer, publicUrl: config.publicUrl }),
  });
  mailer.addJob({
    name: 'discussion digests',
    everyMs: 5 * 60_000,
    run: () => sendDiscussionDigests({ db: database.db, mailer, publicUrl: config.publicUrl }),
  });
  mailer.addJob({
    name: 'response window notices',
    everyMs: 5 * 60_000,
    run: () => sendResponseWindowNotices({ db: database.db, mailer, publicUrl: config.publicUrl }),
  });
  mailer.addJob({
    name: 'award panel reminders',
    everyMs: 60 * 60_000,
    run: () => sendPanelReminders({ db: database.db, mailer, publicUrl: config.publicUrl }),
  });
  mailer.addJob({
    name: 'daily digests',
    everyMs: digestJobEveryMs(config.MAIL_DIGEST_HOURS),
    run: () =>
      sendDailyDigests({
        db: database.db,
        mailer,
        digestHours: config.MAIL_DIGEST_HOURS,
        publicUrl: config.publicUrl,
        secret: config.JWT_SECRET,
      }),
  });
  // A workshop seat whose pending registration's hold lapsed goes to the first on the course's waiting list (decision 0045).
  mailer.addJob({
    name: 'workshop seat offers',
    everyMs: 5 * 60_000,
    run: () => offerFreeWorkshopSeats({ db: database.db, mailer, publicUrl: config.publicUrl }),
  });
  // Decision 0046: passport numbers go a set time after the conference (checked hourly; a no-op until then).
  mailer.addJob({
    name: 'passport purge',
    everyMs: 60 * 60_000,
    // Every edition's letters, each with its own conference's dates (decision 0060).
    run: () => forEveryEdition({ db: database.db }, (tx, facts) => purgePassportNumbers({ db: tx, conference: facts })),
  });
  // The queue's worker runs in every instance (they share rows through SKIP LOCKED); stopped before the database closes.
  app.addHook('onReady', async () => mailer.start());
  app.addHook('preClose', async () => mailer.close());
  const files = config.FILE_STORE === 'postgres' ? pgFileStore(database.pool) : localFileStore(path.join(config.DATA_DIR, 'files'));
  app.decorate('files', metrics ? instrumentFileStore(files, config.FILE_STORE, metrics) : files);
  // Each request owns the file holds it takes (decision 0020, src/server/storage/holds.ts).
  app.addHook('onRequest', (_req, _reply, done) => withHoldScope(done));
  // Its password hashes wait in one bounded queue, in turns fair between client addresses (decision 0022).
  const hashing = new HashQueue({ concurrency: config.HASH_CONCURRENCY, maxWaiting: config.HASH_QUEUE });
  app.decorate('hashing', hashing);
  app.addHook('onRequest', (req, _reply, done) => withHashingScope(hashing, addressKey(req.ip), done));
  if (metrics) {
    metrics.bind({
      admission,
      admissionLimits: { concurrency: config.API_CONCURRENCY, maxWaiting: config.API_QUEUE },
      hashing,
      hashingLimits: { concurrency: config.HASH_CONCURRENCY, maxWaiting: config.HASH_QUEUE },
      pool: database.pool,
      mailQueue: () => countMailQueue(database.db),
    });
    if (config.METRICS_TOKEN) registerMetricsRoute(app, metrics, config.METRICS_TOKEN);
    const address = config.METRICS_ADDRESS;
    if (address) {
      let metricsServer: Server | null = null;
      app.addHook('onReady', async () => {
        metricsServer = await listenForMetrics(address, metrics);
      });
      app.addHook('onClose', async () => {
        metricsServer?.closeAllConnections();
        await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      });
    }
  }
  if (config.FILE_STORE === 'postgres') {
    // Expired holds go every 10 minutes; files a killed request left unnamed, at start and every hour.
    let ticks = 0;
    const sweep = () => {
      sweepUnreferencedFiles(database.pool).catch(() => {});
    };
    app.addHook('onReady', async () => sweep());
    const prune = setInterval(() => {
      pruneFileHolds(database.pool).catch(() => {});
      if (++ticks % 6 === 0) sweep();
    }, 10 * 60_000);
    prune.unref();
    app.addHook('preClose', async () => clearInterval(prune));
  }
  // Decision 0068: a backup every BACKUP_EVERY hours (0: none), taken by one instance; a backup under way finishes first.
  if (config.BACKUP_EVERY > 0) {
    const backups = scheduleBackups({ config, pool: database.pool, log: app.log });
    app.addHook('preClose', async () => backups.stop());
  }
  // Decision 0076: the edition's affinities computed again in a worker thread when papers or profiles change.
  const affinity = startAffinityRefresher({ db: database.db, log: app.log });
  app.addHook('preClose', async () => affinity.stop());
  // Decision 0073: the programme PDF and the abstract book made in the background when the programme is published,
  // served from the file store; every instance runs a maker, a claimed row keeps two from making the same document.
  let documentMaker: ReturnType<typeof startDocumentMaker> | null = null;
  app.addHook('onReady', async () => {
    documentMaker = startDocumentMaker({ db: database.db, files: app.files, conference: () => app.conference.current(), log: app.log });
  });
  app.addHook('preClose', async () => documentMaker?.stop());
  await app.register(multipart, {
    limits: { fileSize: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024), files: 1, fields: 60, fieldSize: 64 * 1024, parts: 70 },
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  app.addHook('preValidation', async (req) => {
    if (hasUnstorableText(req.body) || hasUnstorableText(req.query) || hasUnstorableText(req.params)) {
      throw new AppError('bad_request', UNSTORABLE_TEXT);
    }
  });

  const drainLimit = Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024) + 1024 * 1024;
  app.setErrorHandler((error, req, reply) => {
    // A request refused while its body is still arriving (401/403 before an upload, 413): answer, and read
    // the rest of the body into nothing, up to a bound, so the client can finish sending and read the answer.
    // Closing at once made Node's fetch and other HTTP clients fail with EPIPE instead (decision 0057).
    if (!req.raw.readableEnded) drainRequest(req.raw, drainLimit);
    if (error instanceof AppError) {
      if (error.statusCode >= 500 && error.cause !== undefined)
        req.log.error({ err: loggableError(error.cause), status: error.statusCode }, error.message);
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: validationMessage(error.validation) });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ url: req.routeOptions.url, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ message: zodIssueMessage(error) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ message: (error as Error).message });
    }
    if (isStorageFailure(error)) {
      req.log.error({ err: loggableError(error) }, 'file storage failed');
      return reply.code(503).header('retry-after', '60').send({ message: FILES_FULL });
    }
    if (isInsufficientResources(error)) {
      req.log.error({ err: loggableError(error) }, 'database out of resources (disk full?)');
      return reply.code(503).header('retry-after', '60').send({ message: DATABASE_FULL });
    }
    if (isDatabaseDown(error)) {
      req.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: 'Service temporarily unavailable. Please try again shortly.' });
    }
    req.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  // The PayU hand-off is written into a window the page opens, which inherits the page's policy.
  const payuHash = inlineScriptHashes(`<script>${PAYU_AUTOSUBMIT_SCRIPT}</script>`);
  const formTargets = [new URL(config.PAYU_URL).origin];
  const apiHtmlPolicy = htmlPolicy({ scriptHashes: payuHash, formTargets });
  app.addHook('onSend', async (_req, reply) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(k)) reply.header(k, v);
    const type = String(reply.getHeader('content-type') ?? '');
    // A PDF gets none: Chrome's PDF viewer does not render under a restrictive policy; nosniff and the type keep it a PDF.
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('application/pdf')) {
      reply.header('content-security-policy', type.startsWith('text/html') ? apiHtmlPolicy : API_POLICY);
    }
    if (config.publicUrl.startsWith('https://')) reply.header('strict-transport-security', 'max-age=31536000');
  });

  for (const plugin of apiRoutes) await app.register(plugin, { prefix: '/api' });
  await app.register(verifyPage);
  await app.register(paperPages);
  await app.register(editionPages);

  if (opts.web !== false) {
    const hsts: Record<string, string> = config.publicUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000' } : {};
    const loaded = loadWebSite(
      config.WEB_DIR,
      { ...SECURITY_HEADERS, ...hsts },
      { extraScriptHashes: payuHash, formTargets },
      conference.current(),
      // Beside the built site, not in it (the site's folder is served as it is). The pages' canonical links name
      // the address mails and QR codes use.
      { cacheDir: path.join(path.dirname(path.resolve(config.WEB_DIR)), '.page-cache'), publicUrl: config.publicUrl },
    );
    // The pages show the facts as the editor saved them (decision 0050): rendered again on each change, and
    // served compressed and current from the start (this hook runs after the store's first refresh).
    // The deadlines the important dates follow and the workshop come with them (decision 0065).
    conference.onChange((facts, data) => {
      loaded
        .render(facts, data)
        .then((r) => {
          if (r) app.log.info(r, 'public pages rendered with the new conference facts');
        })
        .catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'rendering the public pages failed'));
    });
    // The lists the editor keeps on /editor/site, the same way (decision 0062).
    // Awaited by the store: an editor's save is answered once the public pages show it.
    siteLists.onChange((lists) =>
      loaded
        .renderLists(lists)
        .then((r) => {
          if (r) app.log.info(r, "public pages rendered with the site's new lists");
          return loaded.settled();
        })
        .catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'rendering the public pages failed')),
    );
    // The organiser's pages and the menu, the same way (decision 0064).
    sitePages.onChange((pages) =>
      loaded
        .renderPages(pages)
        .then((r) => {
          if (r) app.log.info(r, "public pages rendered with the organiser's pages");
          return loaded.settled();
        })
        .catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'rendering the public pages failed')),
    );
    app.addHook('onReady', async () => {
      await loaded.settled();
    });
    site = loaded;
    registerWeb(app, site);
  } else app.setNotFoundHandler((req, reply) => reply.code(404).send({ message: `No API route ${req.method} ${req.url.split('?')[0]}` }));

  return app;
}

/**
 * Count the pages and assets answered from memory before the framework (src/server/web.ts) under one route
 * label; what goes on to the framework is counted by its onResponse hook. With `metricsHere`, /metrics goes
 * straight to the framework (the built site would answer it with its 404 page).
 */
function measureSiteFirst(opts: {
  metrics: Metrics;
  site: () => WebSite | null;
  toFramework: (req: IncomingMessage, res: ServerResponse) => void;
  metricsHere: boolean;
}) {
  const { metrics, toFramework } = opts;
  const passedOn = new WeakSet<IncomingMessage>();
  const siteFirst = serveSiteFirst(opts.site, (req, res) => {
    passedOn.add(req);
    toFramework(req, res);
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (opts.metricsHere && isMetricsUrl(req.url)) return toFramework(req, res);
    const t0 = performance.now();
    siteFirst(req, res);
    if (passedOn.has(req)) return;
    res.once('finish', () =>
      metrics.observeHttp({
        method: req.method ?? 'GET',
        route: SITE_ROUTE,
        status: res.statusCode,
        seconds: (performance.now() - t0) / 1000,
      }),
    );
  };
}

/** Liveness and readiness (decision 0067) go by the admission queue: a balancer must hear them while it sheds. */
function isHealthCheck(url: string): boolean {
  const pathname = url.split('?', 1)[0];
  return pathname === '/api/health' || pathname === '/api/health/ready';
}

/**
 * Read and drop what is left of a refused request's body. Past `limit` bytes (a body larger than any upload
 * may be) the connection is closed instead: a client that keeps sending is not worth the bandwidth.
 */
function drainRequest(raw: IncomingMessage, limit: number): void {
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) raw.socket?.destroy();
  });
  raw.on('error', () => {});
  raw.resume();
}

/**
 * The first problem of a request that does not match its schema, naming the field unless the schema's own
 * message already does ("recommendation: must be a whole number from 1 to 5").
 */
function validationMessage(issues: { instancePath: string; message?: string }[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const text = first.message ?? 'Invalid value';
  if (!field) return text;
  return text.toLowerCase().includes(field.split('.').pop()!.toLowerCase()) ? text : `${field}: ${text}`;
}

/** The disk is full or not writable: the request was fine, the server cannot keep the file. */
function isStorageFailure(error: unknown): boolean {
  return ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO'].includes((error as { code?: string }).code ?? '');
}

function isDatabaseDown(error: unknown): boolean {
  // drizzle wraps the driver's error: look down the chain of causes.
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'].includes(
        e.code ?? '',
      )
    )
      return true;
    if (
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(
        e.message ?? '',
      )
    )
      return true;
  }
  return false;
}
