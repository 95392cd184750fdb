// The API's routes as one typed table, shared by the server and the web app (issue 24). The table itself,
// API_ROUTES in ./api-routes.gen.ts, is generated from the routes the server registers (`npm run api-routes`,
// scripts/api-routes.ts) and a test fails when it differs from them; the web builds every path from it through
// `apiPath()` (apps/web/src/lib/api-path.ts), so a renamed route breaks the build, not the screen.
import { API_ROUTES } from './api-routes.gen';

export { API_ROUTES };

/** One route the server serves: 'GET /api/employees/:id'. */
export type TApiRoute = (typeof API_ROUTES)[number];

type PathOf<R> = R extends `${string} ${infer P}` ? P : never;

/** A path template the server serves (any method): '/api/employees/:id'. */
export type TApiPath = PathOf<TApiRoute>;

/** The `:param` names of a path template: '/api/runs/:id/slips/:slipId' → 'id' | 'slipId'. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a template's `:params`, exactly those (each is encoded into its segment). */
export type TPathParams<P extends string> = { [K in TPathParamNames<P>]: string | number };
