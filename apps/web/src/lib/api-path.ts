/**
 * Every API path of the web app is built here, from the server's own table of routes (API_ROUTES in
 * @hr/contract/api-routes, generated from the routes the server registers by `npm run api-routes`):
 *
 *   apiPath('/api/employees')                       a path without parameters
 *   apiPath('/api/employees/:id', { id })            '/api/employees/12'; each value encodeURIComponent'ed
 *   apiPath(`/api/visitors/:id/${what}`, { id })     a typed union of templates (what: 'arrival' | 'departure')
 *
 * The template must be one the server serves and the values exactly its `:params`, so a renamed route or
 * parameter breaks the build, not the screen. A test (scripts/architecture/api-paths.test.ts) refuses any other
 * hand-typed '/api/…' text in apps/web/src.
 */
import type { TApiPath, TPathParamNames, TPathParams } from '@hr/contract/api-routes';

export type { TApiPath };

/** The parameters argument: none for a template without `:params`, else exactly its `:params`. */
export type ApiPathArgs<P extends string> = [TPathParamNames<P>] extends [never] ? [] : [params: TPathParams<P>];

type SegmentAfter<P, Prefix extends string> = P extends `${Prefix}${infer S}`
  ? S extends `${string}/${string}` | `:${string}`
    ? never
    : S
  : never;

/** The last segments the table has after a prefix: ApiPathSegment<'/api/dashboard/me/'> → 'today' | 'month' | … */
export type ApiPathSegment<Prefix extends string> = SegmentAfter<TApiPath, Prefix>;

/** The path of a route from the server's table, its `:params` filled in. */
export function apiPath<P extends TApiPath>(template: P, ...args: ApiPathArgs<P>): string {
  const params = args[0] as Record<string, string | number | null | undefined> | undefined;
  return template.replace(/:([^/]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`No value for :${name} of ${template}`);
    return encodeURIComponent(String(value));
  });
}
