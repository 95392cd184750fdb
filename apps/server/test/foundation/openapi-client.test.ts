// A client generated from the published API document works (issue 28): openapi-typescript turns the served
// /api/docs/json into types, a small openapi-fetch client written against them type-checks under the TypeScript
// compiler (and a client that sends the wrong types does not), and the same client calls real endpoints of the app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../src/seed/core';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let doc: Record<string, unknown>;
// Inside the repository (node_modules/.cache), so the generated client resolves openapi-fetch as the project does.
const cache = path.resolve(import.meta.dirname, '../../../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'openapi-client-'));

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 900_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** The client as a user of the API would write it: sign in, who am I, a page of employees, one employee, a 400. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function tour(baseUrl: string, fetch: typeof globalThis.fetch, password: string) {
  const open = createClient<paths>({ baseUrl, fetch });
  const signIn = await open.POST('/api/auth/sign-in', { body: { userName: 'admin', password } });
  const token: string | undefined = signIn.data?.token;
  const api = createClient<paths>({ baseUrl, fetch, headers: { authorization: \`Bearer \${token}\` } });
  const me = await api.GET('/api/auth/me');
  const page = await api.GET('/api/employees', { params: { query: { page: 1, pageSize: 5, sort: 'name', order: 'asc' } } });
  const total: number | undefined = page.data?.total;
  const codes: string[] = (page.data?.rows ?? []).map((r) => r.employeeCode);
  const first = page.data?.rows[0];
  const one = first ? await api.GET('/api/employees/{id}', { params: { path: { id: String(first.id) } } }) : undefined;
  const joined: string | undefined = one?.data?.dateOfJoining;
  const bad = await api.GET('/api/employees', { params: { query: { page: 0 } } });
  const fieldErrors: Record<string, string[]> | undefined = bad.error?.fieldErrors;
  return { token, me: me.data, total, codes, joined, badStatus: bad.response.status, fieldErrors };
}
`;

/** The same calls with the types wrong: each line must be refused by the compiler. */
const WRONG = `import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function wrong(baseUrl: string) {
  const api = createClient<paths>({ baseUrl });
  await api.POST('/api/auth/sign-in', { body: { user: 'admin', password: 'x' } });
  await api.GET('/api/employees', { params: { query: { sort: 'salary' } } });
  await api.GET('/api/employees/{id}', { params: { path: { employeeId: '1' } } });
  await api.GET('/api/no-such-path');
  const page = await api.GET('/api/employees');
  const n: string | undefined = page.data?.total;
  return n;
}
`;

function typeCheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

/** openapi-fetch's requests answered by the app itself (no port). */
const injectFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const sent: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    sent[k] = v;
  });
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: url.pathname + url.search,
    headers: sent,
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
};

describe('a client generated from the API document', () => {
  it('generates types with openapi-typescript and type-checks a client of real endpoints; wrong types are refused', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    expect(types).toContain('"/api/employees/{id}"');
    writeFileSync(path.join(dir, 'api.d.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    writeFileSync(path.join(dir, 'wrong.ts'), WRONG);
    expect(typeCheck(path.join(dir, 'client.ts'))).toEqual([]);
    const wrong = typeCheck(path.join(dir, 'wrong.ts'));
    // Every wrong line (6 to 11) is an error, and nothing else is.
    const lines = new Set(wrong.map((d) => Number(/wrong\.ts:(\d+)/.exec(d)?.[1])));
    expect(
      [...lines].sort((a, b) => a - b),
      wrong.join('\n'),
    ).toEqual([6, 7, 8, 9, 11]);
  }, 900_000);

  it('calls the app: the same client, compiled, signs in and reads typed answers', async () => {
    // The type-checked client, its types erased, run against the app.
    const js = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(path.join(dir, 'client.mjs'), js);
    const { tour } = (await import(pathToFileURL(path.join(dir, 'client.mjs')).href)) as {
      tour(baseUrl: string, fetch: typeof globalThis.fetch, password: string): Promise<Record<string, unknown>>;
    };
    const out = (await tour('http://app', injectFetch, DEMO_PASSWORDS.admin)) as {
      token?: string;
      me?: { user?: { userName?: string } };
      total?: number;
      codes: string[];
      joined?: string;
      badStatus: number;
      fieldErrors?: Record<string, string[]>;
    };
    expect(out.token).toBeTruthy();
    expect(JSON.stringify(out.me)).toContain('admin');
    expect(out.total).toBeGreaterThan(5);
    expect(out.codes).toHaveLength(5);
    expect(out.joined).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(out.badStatus).toBe(400);
    expect(Object.keys(out.fieldErrors ?? {})).toContain('page');
  }, 300_000);
});
