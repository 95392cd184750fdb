import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apkVersionCheck } from './versions';

/** The public check the mobile app calls at start (the versions' rule and queries: versions.ts). */
export const apkRoutes: FastifyPluginAsyncZod = async (app) => {
  /** What a mobile app calls at start: the latest release, the oldest still supported, force update. */
  app.get(
    '/api/public/apk-version/latest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Latest and minimum supported mobile app versions',
        querystring: z.object({ versionCode: z.coerce.number().int().min(0).optional() }),
        response: {
          200: z.object({
            latestVersionCode: z.number(),
            latestVersionName: z.string(),
            minSupportedVersionCode: z.number(),
            forceUpdate: z.boolean(),
            releaseNotes: z.string(),
            releaseDate: z.string(),
            /** With ?versionCode=: whether that installed version must update now. */
            mustUpdate: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => apkVersionCheck(app.db, request.query.versionCode),
  );
};
