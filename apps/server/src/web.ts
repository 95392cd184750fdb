import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (never cached) for every
 * client-side route. Returns undefined when the folder holds no build.
 */
export function webApp(distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) return undefined;
  return {
    async register(app: FastifyInstance) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    },
    fallback(_request: FastifyRequest, reply: FastifyReply) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    },
  };
}
