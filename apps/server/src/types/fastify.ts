// Fastify type augmentation for the whole server: route access declarations, the caller, the database.
import type {} from '@fastify/multipart';
import type { TRouteAccess } from '@hr/contract';
import type { AppConfig } from '../config';
import type { DatabaseKind, Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import type { SharedState } from '../lib/shared';
import type { AuthContext } from '../modules/access/context';
import type { DeviceContext } from '../modules/access/device-auth';
import type { DeclaredRoute } from '../modules/access/hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: 'public', 'signedIn', 'device' or { menu, action }. */
    access?: TRouteAccess;
  }
  interface FastifyRequest {
    /** The caller; set for every route whose access is not 'public'. */
    auth: AuthContext;
    /** The calling device; set for routes whose access is 'device'. */
    device: DeviceContext;
  }
  interface FastifyInstance {
    db: Db;
    /** Reports, exports and dashboards read here: the replica (DATABASE_READ_URL) when set, else `db`. Never in a write's transaction. */
    readDb: Db;
    /** Counters and messages shared with the other API nodes (lib/shared). */
    shared: SharedState;
    dbKind: DatabaseKind;
    config: AppConfig;
    /** Every /api route (and every device route) and its declared access, in registration order. */
    apiRoutes: DeclaredRoute[];
    /** The jobs runner of this process (apps/server/src/jobs). */
    jobs: JobRunner;
  }
}
