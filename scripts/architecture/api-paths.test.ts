// The web app's API paths come from the server's table of routes (issue 24): every '/api/…' text in apps/web/src is
// the template argument of `apiPath()` (apps/web/src/lib/api-path.ts), which the compiler checks against API_ROUTES
// (packages/contract/src/api-routes.gen.ts, generated from the server by `npm run api-routes`). A hand-typed path
// anywhere else is refused here, so a renamed route breaks the build, not the screen.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the test's sample lines are source text holding templates
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = 'apps/web/src/';

/** Files that may still hold an '/api/…' text outside apiPath(), and why. */
const ALLOWED: Record<string, string> = {
  // A master resource's endpoints are registered by the server from the contract's resource registry
  // (packages/contract/src/resources), one set per resource name: the name comes from that typed registry.
  [`${WEB}components/resource/api.ts`]: "a master resource's own endpoint, named by the contract's resource registry",
};

export interface HandTypedPath {
  line: number;
  text: string;
}

const mentionsApi = (text: string) => text === '/api' || text.includes('/api/');

/** The string and template literals of a file that hold '/api/…' and are not the template of an apiPath() call. */
export function handTypedApiPaths(fileName: string, source: string): HandTypedPath[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const out: HandTypedPath[] = [];
  // apiPath('/api/…') checks its template against the table; ApiPathSegment<'/api/…/'> is `never` for a prefix it lacks.
  const isApiPathTemplate = (node: ts.Node) => {
    const call = node.parent;
    const ref = ts.isLiteralTypeNode(call) ? call.parent : undefined;
    return (
      (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'apiPath' && call.arguments[0] === node) ||
      (ref !== undefined && ts.isTypeReferenceNode(ref) && ts.isIdentifier(ref.typeName) && ref.typeName.text === 'ApiPathSegment')
    );
  };
  const visit = (node: ts.Node) => {
    let texts: string[] | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts = [node.text];
    else if (ts.isTemplateExpression(node)) texts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
    if (texts?.some(mentionsApi) && !isApiPathTemplate(node)) {
      out.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
    }
    // A template's parts are its own texts (checked above); an expression inside it is visited.
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

// The builder itself, and its test (which compares built paths with the text they must be).
const BUILDER = [`${WEB}lib/api-path.ts`, `${WEB}lib/api-path.test.ts`];
const files = sourceFiles(ROOT, WEB, { tests: true }).filter((f) => !BUILDER.includes(f));
const found = new Map(files.map((f) => [f, handTypedApiPaths(f, readFileSync(path.join(ROOT, f), 'utf8'))] as const));

describe("the web app's API paths", () => {
  it("are built by apiPath() from the server's table of routes, never typed by hand", () => {
    const bad = [...found]
      .filter(([f]) => !(f in ALLOWED))
      .flatMap(([f, hits]) => hits.map((h) => `${f}:${h.line} ${h.text} (use apiPath() from '@/lib/api-path')`));
    expect(bad).toEqual([]);
  });

  it('allows only files that still need it', () => {
    // (A file not there at all — not yet added, or gone — is not held against the list.)
    const stale = Object.keys(ALLOWED).filter((f) => found.has(f) && found.get(f)?.length === 0);
    expect(stale, 'these allow-listed files hold no hand-typed path any more: take them off ALLOWED').toEqual([]);
  });

  it('sees a path in each kind of literal, and not in the template of apiPath()', () => {
    const source = [
      "const a = api.get('/api/employees');",
      'const b = `/api/employees/${id}`;',
      "const c = withQuery('/api', q);",
      "const d = apiPath('/api/employees/:id', { id });",
      'const e = apiPath(`/api/visitors/:id/${what}`, { id });',
      'const f = apiPath(wrapped(`/api/jobs/${id}`));',
      '// a comment naming /api/units is no path',
      'const g = <img src={`/api/employees/${id}/photo`} />;',
      "type H = ApiPathSegment<'/api/dashboard/me/'>;",
      "type I = Other<'/api/dashboard/me/'>;",
    ].join('\n');
    expect(handTypedApiPaths('x.tsx', source).map((h) => h.line)).toEqual([1, 2, 3, 6, 8, 10]);
  });
});
