// Finishes the OpenAPI document @fastify/swagger builds from the routes' zod schemas into a valid OpenAPI 3.0 document a
// generated client can use: a server, an operationId per operation, the error answers each route can give (one shared
// ApiError schema), files declared with their media types (not JSON), the device routes as plain text, and the schema
// fixes OpenAPI 3.0 needs (`nullable` only beside a `type`).
import type { TRouteAccess } from '@hr/contract';

/** What the document needs of a declared route (modules/access/hooks.ts keeps the full list; the foundation imports no area). */
type DeclaredRoute = { method: string; url: string; access: TRouteAccess };

type Json = Record<string, unknown>;
type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, Json>; operationId?: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The ZApiError body (packages/contract): every refused /api request answers it. */
const API_ERROR = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    requestId: { type: 'string' },
  },
  required: ['statusCode', 'error', 'message', 'requestId'],
};

const ERRORS: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid input: `fieldErrors` names each field and what is wrong with it' },
  '401': { name: 'Unauthorized', description: 'Not signed in, or the session has expired' },
  '403': { name: 'Forbidden', description: "The caller's role may not do this" },
  '404': { name: 'NotFound', description: 'No such record within the caller’s reach' },
  '409': { name: 'Conflict', description: 'The change conflicts with the data (a duplicate, a frozen month, a record in use)' },
  '429': { name: 'TooManyRequests', description: 'Too many requests; try again later' },
};
const DEVICE_ERROR = {
  description: 'Refused: `ERROR: …` in plain text (403 unknown or inactive device, 429 too many calls, 400 malformed call)',
  content: { 'text/plain': { schema: { type: 'string' } } },
};

/** The media types a file answer's description names (`The list as .xlsx`, `PDF, JPEG or PNG`, `text/csv`…). */
export function fileMediaTypes(description: string): string[] {
  const d = description.toLowerCase();
  const types: string[] = [];
  if (/xlsx|excel/.test(d)) types.push(XLSX);
  if (/\bpdf\b|\.pdf/.test(d)) types.push('application/pdf');
  if (/jpe?g/.test(d)) types.push('image/jpeg');
  if (/png/.test(d)) types.push('image/png');
  if (d.includes('text/csv')) types.push('text/csv');
  if (d.includes('text/plain')) types.push('text/plain');
  return types.length ? types : ['application/octet-stream'];
}

/** A schema that says nothing of its shape: the routes' `fileResponse` (a stream or buffer, not JSON). */
const isUntyped = (s: Json | undefined) =>
  !!s && !('type' in s) && !('$ref' in s) && !('anyOf' in s) && !('oneOf' in s) && !('allOf' in s) && !('properties' in s);

/** `nullable` without a `type` (zod's optional union of several types) is not OpenAPI 3.0: say it as `anyOf` with null allowed on each. */
function fixSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) fixSchemas(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  if (s.nullable === true && !('type' in s)) {
    delete s.nullable;
    const variants = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    if (variants) for (const v of variants) if ('type' in v) v.nullable = true;
  }
  for (const v of Object.values(s)) fixSchemas(v);
}

/** `GET /api/employees/{id}/photo` → `getEmployeesIdPhoto`; unique across the document. */
function operationId(method: string, path: string, used: Set<string>): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let id = method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  for (let n = 2; used.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
  used.add(id);
  return id;
}

function declareFiles(responses: Record<string, Json>) {
  for (const r of Object.values(responses)) {
    const content = r.content as Record<string, { schema?: Json }> | undefined;
    const json = content?.['application/json']?.schema;
    if (!content || !isUntyped(json)) continue;
    const description = String(json?.description ?? r.description ?? '');
    r.content = Object.fromEntries(
      fileMediaTypes(description).map((t) => [
        t,
        { schema: t.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
      ]),
    );
    if (!r.description || r.description === 'Default Response') r.description = description || 'The file';
  }
}

/** The error answers a route can give, by what it declares (path ids, input, access, a write). */
function declareErrors(op: Operation, method: string, path: string, access: DeclaredRoute['access'] | undefined) {
  op.responses ??= {};
  const responses = op.responses;
  if (path.startsWith('/iclock')) {
    for (const status of ['400', '403', '429']) responses[status] ??= { ...DEVICE_ERROR };
    return;
  }
  const statuses: string[] = [];
  if (op.parameters?.length || op.requestBody) statuses.push('400');
  if (access !== 'public') statuses.push('401', '403');
  if (path.includes('{')) statuses.push('404');
  if (['post', 'put', 'patch', 'delete'].includes(method)) statuses.push('409');
  for (const status of statuses) responses[status] ??= { $ref: `#/components/responses/${ERRORS[status].name}` };
}

/**
 * The finished document. `routes` are the declared routes (their access says which answer 401/403); the device routes
 * answer text, and a route without security of its own uses the document's bearer token unless it is public.
 */
export function finishOpenApi(doc: Json, routes: readonly DeclaredRoute[]): Json {
  const access = new Map(routes.map((r) => [`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]));
  doc.servers = [{ url: '/', description: 'This installation (the API under /api, the biometric devices under /iclock)' }];
  doc.components ??= {};
  const components = doc.components as Json;
  components.schemas ??= {};
  const schemas = components.schemas as Json;
  schemas.ApiError = API_ERROR;
  components.responses = Object.fromEntries(
    Object.values(ERRORS).map((e) => [
      e.name,
      { description: e.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
    ]),
  );
  const used = new Set<string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      op.operationId ??= operationId(method, path, used);
      declareFiles(op.responses ?? {});
      const routeAccess = access.get(`${method} ${path}`);
      if (routeAccess === 'public' || routeAccess === 'device') (op as Json).security = [];
      declareErrors(op, method, path, routeAccess);
    }
  }
  fixSchemas(doc.paths);
  fixSchemas(schemas);
  return doc;
}
