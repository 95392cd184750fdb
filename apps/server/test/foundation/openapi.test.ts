// The published API document (/api/docs/json) is valid OpenAPI 3.0 by a real validator (@apidevtools/swagger-parser,
// which also resolves every $ref), with an operationId per operation, the shared error answers, files with their media
// types and the device routes as text, so a client generated from it works.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

type Op = { operationId?: string; security?: unknown[]; responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> };
let t: TestApp;
let doc: {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3 (every $ref resolves), with a server', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    // The recursive menu tree is one named schema, referenced from /api/auth/me.
    expect(doc.components.schemas.MenuNode).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/auth/me'].get)).toContain('#/components/schemas/MenuNode');
  });

  it('names every operation once', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(500);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares the error answers each route can give, as the shared ApiError', () => {
    const one = doc.paths['/api/employees/{id}'].get.responses;
    for (const status of ['401', '403', '404']) expect(one[status]?.$ref, status).toMatch(/^#\/components\/responses\//);
    const create = doc.paths['/api/resources/unit'].post.responses;
    for (const status of ['400', '401', '403', '409']) expect(create[status]?.$ref, status).toMatch(/^#\/components\/responses\//);
    const signIn = doc.paths['/api/auth/sign-in'].post;
    expect(signIn.responses['401']).toBeUndefined(); // public
    expect(signIn.security).toEqual([]);
    expect(JSON.stringify((doc.components as unknown as { responses: unknown }).responses)).toContain('#/components/schemas/ApiError');
  });

  it('declares files with their media types, never as JSON', () => {
    const files: [string, string, string[]][] = [
      ['/api/resources/unit/export.xlsx', 'get', [XLSX]],
      ['/api/employees/{id}/photo', 'get', ['image/jpeg', 'image/png']],
      ['/api/attendance/punch-photos/{id}', 'get', ['image/jpeg']],
      ['/api/payroll/runs/{id}/bank-advice', 'get', ['application/pdf']],
      ['/api/reports/{id}/export', 'get', [XLSX, 'application/pdf']],
    ];
    for (const [path, method, types] of files) {
      const content = doc.paths[path]?.[method]?.responses['200']?.content ?? {};
      expect(Object.keys(content).sort(), path).toEqual([...types].sort());
    }
    // No answer left as an untyped "JSON" schema.
    const untyped: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, r] of Object.entries(op.responses)) {
          const schema = (r.content?.['application/json'] as { schema?: Record<string, unknown> } | undefined)?.schema;
          if (schema && !['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'properties'].some((k) => k in schema))
            untyped.push(`${method} ${path} ${status}`);
        }
    expect(untyped).toEqual([]);
  });

  it('declares the device routes as plain text, their refusals too', () => {
    for (const [path, method] of [
      ['/iclock/cdata', 'get'],
      ['/iclock/cdata', 'post'],
      ['/iclock/getrequest', 'get'],
      ['/iclock/fdata', 'post'],
    ]) {
      const op = doc.paths[path][method];
      expect(Object.keys(op.responses['200'].content ?? {}), path).toEqual(['text/plain']);
      expect(Object.keys(op.responses['403'].content ?? {}), path).toEqual(['text/plain']);
      expect(op.security).toEqual([]);
    }
  });
});
