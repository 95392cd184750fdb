#!/usr/bin/env node
// The server as plain JavaScript: apps/server/src/main.ts bundled by esbuild with our
// own TypeScript inlined (apps/server/src and the @hr/* workspace packages, which ship TypeScript) and every package
// from node_modules left as an import, resolved at run time from the repository's node_modules as before. Node
// then starts it without the tsx loader, which transpiled the whole server on every start (seconds, and far more
// on a loaded machine).
//
// Files read at run time by a path relative to their source file (the migrations folder, the root package.json,
// pdfmake's fonts through createRequire) keep working: each source file's `import.meta.url` becomes its own
// original location, written relative to the bundle, so the bundle can sit anywhere inside the repository.
//
//   node scripts/build-server.mjs [outdir]      (default apps/server/dist; `npm run build` runs it)
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');

const ours = (file) => !path.relative(root, file).split(path.sep).includes('node_modules');

/** `import.meta.url` (and .dirname / .filename) of each of our files, as the file's original location. */
function sourceLocations(outdir) {
  return {
    name: 'source-locations',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!ours(args.path)) return undefined;
        let contents = await readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.')) return undefined;
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        contents = contents
          .replaceAll('import.meta.dirname', `__hrDirname(${url})`)
          .replaceAll('import.meta.filename', `__hrFilename(${url})`)
          .replaceAll('import.meta.url', url);
        return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') || 'ts' };
      });
    },
  };
}

/** Bundles the server into `outdir`/main.js (and its source map); returns the path of main.js. */
export async function buildServer(outdir = path.join(root, 'apps/server/dist')) {
  outdir = path.resolve(outdir);
  if (!ours(outdir) || path.relative(root, outdir).startsWith('..')) {
    // Packages are resolved from the bundle's folder upwards: it must be inside the repository.
    throw new Error(`build-server: ${outdir} is not inside ${root}`);
  }
  await mkdir(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.js' },
    // Only our code is bundled: a bare import stays one unless it names a workspace package (@hr/…: TypeScript).
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@hr/') || path.isAbsolute(args.path)) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
      sourceLocations(outdir),
    ],
    banner: {
      js: [
        "import { dirname as __hrDirnameOf } from 'node:path';",
        "import { fileURLToPath as __hrFileURLToPath } from 'node:url';",
        'const __hrFilename = (u) => __hrFileURLToPath(u);',
        'const __hrDirname = (u) => __hrDirnameOf(__hrFileURLToPath(u));',
      ].join('\n'),
    },
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
  return path.join(outdir, 'main.js');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = await buildServer(process.argv[2]);
  console.log(`server bundled into ${path.relative(process.cwd(), path.dirname(out)) || '.'}`);
}
