import type { TRouteAccess } from '@hr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, TooManyRequests, Unauthorized } from '../../lib/errors';
import { DeviceRateLimiter, resolveDevice } from './device-auth';
import { bearerToken, resolveSession } from './session';

/** Every /api route with its access declaration (tests walk it; handy for audits of the API). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: TRouteAccess;
  /** The status codes the route's schema declares a response for (the OpenAPI document's answers). */
  responses: string[];
  /** The field names of the route's JSON body schema, when it is an object (the fuzz tests fill them). */
  bodyFields: string[];
}

/** The keys of a zod object schema (unwrapping effects and optionals), or none. */
function objectKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; schema?: unknown } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.def?.innerType ?? s.def?.in ?? s.def?.schema) as typeof s;
  return s?.shape ? Object.keys(s.shape) : [];
}

/** Paths served by plugins (OpenAPI UI) that carry no access declaration of ours. */
const UNDECLARED_OK = ['/api/docs'];

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const exempt = (url: string) => UNDECLARED_OK.some((p) => url === p || url.startsWith(`${p}/`));

/** The device's communication key: header x-device-key, or ?key= for terminals that cannot set headers. */
function deviceKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-device-key'];
  if (typeof header === 'string' && header) return header;
  const q = request.query as Record<string, unknown> | undefined;
  return typeof q?.key === 'string' ? q.key : undefined;
}

/**
 * The global access guard:
 * - at registration, every /api route must declare `config.access` (else the app refuses to start);
 * - per request: bearer token → live session → request.auth (401 otherwise);
 *   { menu, action } routes need the action in role-wise menu access (403 otherwise), checked in the
 *   same query as the session;
 * - 'device' routes (any path, e.g. /iclock): a registered, active device by its serial number (?SN=), its address and
 *   key, rate-limited per device; a user's token is no way in, and a device reaches nothing else.
 */
export function registerAccessGuard(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.decorateRequest('device', null as unknown as FastifyRequest['device']);
  const declared: DeclaredRoute[] = [];
  let deviceLimiter: DeviceRateLimiter | undefined;
  app.decorate('apiRoutes', declared);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: TRouteAccess } | undefined)?.access;
    const responses = Object.keys((route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {});
    const bodyFields = objectKeys((route.schema as { body?: unknown } | undefined)?.body);
    if (access === 'device' && !isApiPath(route.url)) {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') declared.push({ method, url: route.url, access, responses, bodyFields });
      return;
    }
    if (!isApiPath(route.url) || exempt(route.url)) return;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} must declare config.access (see CONVENTIONS.md)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, access, responses, bodyFields });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (request.routeOptions.config.access === 'device') {
      const serial = (request.query as Record<string, unknown> | undefined)?.SN;
      const sn = typeof serial === 'string' ? serial : '';
      // This node's own count first (no round trip: a terminal in a tight loop is refused here), then the count of
      // every node together for a known device (lib/shared: the database or Redis), so the limit holds behind a balancer.
      deviceLimiter ??= new DeviceRateLimiter(app.config.deviceRatePerMinute);
      if (!deviceLimiter.take(sn)) throw new TooManyRequests('Too many calls from this device; slow down');
      const device = await resolveDevice(app.db, sn, deviceKey(request), request.ip);
      if (!device) throw new Forbidden('Unknown or inactive device');
      // The shared store out of reach (Redis restarting) leaves this node's own count in force, not the device out.
      const calls = await app.shared.hit(`device:${device.id}`, 60).catch((err: unknown) => {
        request.log.warn({ err }, 'shared device count unavailable; this node counts alone');
        return 0;
      });
      if (calls > app.config.deviceRatePerMinute) throw new TooManyRequests('Too many calls from this device; slow down');
      request.device = device;
      request.log = request.log.child({ deviceId: device.id });
      return;
    }
    if (!url || !isApiPath(url) || exempt(url)) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    // Declared at registration; a missing one here would be a bug, so refuse rather than allow.
    if (!access) throw new Forbidden('This endpoint declares no access');

    const token = bearerToken(request.headers.authorization);
    if (!token) throw new Unauthorized('Please sign in');
    // One query: the session, its caller and (for menu routes) whether the role holds the action.
    // Not cached, so a change of role-wise menu access or a revoked session holds at the next request.
    const found = await resolveSession(app.db, token, app.config, access === 'signedIn' ? undefined : access);
    if (!found) throw new Unauthorized('Your session has expired; please sign in again');
    request.auth = found.auth;
    request.log = request.log.child({ userId: found.auth.userId });
    if (!found.allowed && access !== 'signedIn') throw new Forbidden(`Your role may not ${access.action} this`);
  });
}
