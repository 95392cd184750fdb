import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { installPlainMessages } from '@hr/contract';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  createJsonSchemaTransformObject,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { appContextOf, registerAppContext } from './app-context';
import type { AppConfig } from './config';
import type { DatabaseKind, Db } from './db/client';
import { healthRoutes } from './health';
import { createJobRunner } from './jobs/runner';
import { registerControlCharGuard } from './lib/control-chars';
import { registerErrorHandling } from './lib/error-handler';
import { finishOpenApi } from './lib/openapi';
import { createSharedState, type SharedState } from './lib/shared';
import { JOBS, registerModules, SCHEDULES } from './modules';
import { registerAccessGuard } from './modules/access/hooks';
import type {} from './types/fastify';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  dbKind?: DatabaseKind;
  /** A read-only replica (DATABASE_READ_URL) for reports, exports and dashboards; default: `db`. */
  readDb?: Db;
  /** What this node shares with the other API nodes; default: made from the configuration (REDIS_URL, else `db`). */
  shared?: SharedState;
  /** A pino logger, `false` for none; default: pino at config.logLevel. */
  logger?: FastifyBaseLogger | boolean;
  /** Serves a built single-page app (static files plus index.html for client routes). */
  web?: { register(app: FastifyInstance): Promise<void>; fallback(req: FastifyRequest, reply: FastifyReply): unknown };
}

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Security headers fit for the Vite-built SPA, also when served over plain HTTP on an office network. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    // Radix, recharts and pdfmake set inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // PDFs generated in the browser open and print from blob: URLs.
    frameSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * helmet's security headers for these options, worked out once: they depend on the configuration only (no nonces),
 * and building helmet's middleware for every request (as @fastify/helmet does) cost more than a small query.
 */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** A request slower than this is logged at warn. */
const SLOW_REQUEST_MS = 1000;

/** What this API node works with: the databases, the state shared with the other nodes, the jobs runner. */
async function decorateNode(app: FastifyInstance, opts: BuildAppOptions) {
  const { config } = opts;
  app.decorate('db', opts.db);
  app.decorate('readDb', opts.readDb ?? opts.db);
  const shared = opts.shared ?? (await createSharedState(config, opts.db));
  app.decorate('shared', shared);
  app.addHook('onClose', async () => shared.close());
  app.decorate('dbKind', opts.dbKind ?? 'pglite');
  app.decorate('config', config);
  // The one jobs runner of this process: started by main.ts, drained by tests (`app.jobs.drain()`).
  const jobs = createJobRunner({
    db: opts.db,
    readDb: opts.readDb,
    config,
    log: app.log,
    jobs: JOBS,
    schedules: SCHEDULES,
    leaseMs: config.jobLeaseSeconds * 1000,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Every request runs in this app's context (its zone, password minimum, mail): lib/app-context.ts.
  const context = appContextOf(config, () => jobs.kick());
  registerAppContext(app, context);
}

export async function buildApp(opts: BuildAppOptions) {
  const { config } = opts;
  // Field errors (API, import rows) as plain sentences naming the field; the web app installs the same map.
  installPlainMessages();
  const loggerOpts: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> =
    opts.logger === undefined || opts.logger === true
      ? { logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } }
      : opts.logger === false
        ? { logger: false }
        : { loggerInstance: opts.logger };

  const app = Fastify({
    ...loggerOpts,
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Fastify's two info lines per request cost more than a search itself under load: one line per request
    // is written below instead, at debug (an access log with LOG_LEVEL=debug), warn when slow, error on 5xx.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's 10 s for a plugin to load is a clock on the machine's speed: on a loaded machine (CI beside other
    // work) the OpenAPI document's plugin alone passed it. A plugin that truly hangs still ends start-up, later.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await decorateNode(app, opts);

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const level = status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'debug';
    // The route's pattern, not the URL: a search's query string is personal data.
    request.log[level]({ method: request.method, route: request.routeOptions.url ?? 'unknown', status, ms }, 'request completed');
  });

  // Map tiles of the tracking screen are images from the configured tile server.
  const tileOrigin = /^https?:\/\/[^/{}]+/.exec(config.mapTileUrl)?.[0];
  const security = securityHeaders({
    contentSecurityPolicy: tileOrigin
      ? {
          ...contentSecurityPolicy,
          directives: { ...contentSecurityPolicy.directives, imgSrc: [...contentSecurityPolicy.directives.imgSrc, tileOrigin] },
        }
      : contentSecurityPolicy,
    // Plain-HTTP office deployments must keep working: no forced upgrade, no HSTS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // (helmet leaves upgrade-insecure-requests out because useDefaults is false.)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', request.id);
    // API answers hold personal and payroll data: never kept by browsers or proxies (a handler may override).
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    done();
  });

  // A POST without a body but with a JSON content type (sign-out, approve…) is an empty body, not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });

  await app.register(multipart, {
    limits: { fileSize: Math.round(config.uploadMaxMb * 1024 * 1024), files: 10, fields: 50 },
    throwFileSizeLimit: true,
  });

  registerErrorHandling(app, opts.web?.fallback);
  registerAccessGuard(app);
  registerControlCharGuard(app);

  const namedSchemas = createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'HR, payroll and attendance API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Named schemas into components, then a valid OpenAPI 3.0 document (lib/openapi.ts).
    transformObject: (input) => finishOpenApi(namedSchemas(input) as Record<string, unknown>, app.apiRoutes) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own default adds upgrade-insecure-requests, which breaks plain-HTTP deployments.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
  });

  await app.register(healthRoutes);
  await registerModules(app);
  if (opts.web) await opts.web.register(app);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
