// The installable web app's manifest route (issue 29). Public: the browser fetches it without a session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appManifest } from './app-manifest';

const ZIcon = z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() });
const ZManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(ZIcon),
});

export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/app-manifest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: "The installable web app's manifest: the organisation's name and the app's icons",
        response: { 200: ZManifest },
      },
    },
    async (_request, reply) => {
      const manifest = await appManifest(app.db);
      reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return manifest;
    },
  );
};
