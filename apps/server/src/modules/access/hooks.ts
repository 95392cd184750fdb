import type { TRouteAccess } from '@hr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../../lib/errors';
import { bearerToken, resolveSession } from './session';

/** Every /api route with its access declaration (tests walk it; handy for audits of the API). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: TRouteAccess;
}

/** Paths served by plugins (OpenAPI UI) that carry no access declaration of ours. */
const UNDECLARED_OK = ['/api/docs'];

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const exempt = (url: string) => UNDECLARED_OK.some((p) => url === p || url.startsWith(`${p}/`));

/**
 * The global access guard:
 * - at registration, every /api route must declare `config.access` (else the app refuses to start);
 * - per request: bearer token → live session → request.auth (401 otherwise);
 *   { menu, action } routes need the action in role-wise menu access (403 otherwise), checked in the
 *   same query as the session.
 */
export function registerAccessGuard(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  const declared: DeclaredRoute[] = [];
  app.decorate('apiRoutes', declared);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || exempt(route.url)) return;
    const access = (route.config as { access?: TRouteAccess } | undefined)?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} must declare config.access (see CONVENTIONS.md)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
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
