import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apkVersions } from '../../db/schema';
import { BadRequest, NotFound } from '../../lib/errors';
import { registerResourceHooks } from '../masters/hooks';

/** The mobile app's versions: the master's rule, and the public check the app calls at start. */
registerResourceHooks('apkVersion', {
  beforeSave({ data }) {
    if (Number(data.minSupportedVersionCode) > Number(data.versionCode)) {
      throw new BadRequest('Invalid version', {
        minSupportedVersionCode: ['Cannot exceed the version code'],
      });
    }
  },
});

/** The newest active release, or undefined when none is published (also read by the attendance module's app-version check). */
export async function latestApkVersion(db: Db) {
  const [latest] = await db
    .select()
    .from(apkVersions)
    .where(eq(apkVersions.isActive, true))
    .orderBy(desc(apkVersions.versionCode))
    .limit(1);
  return latest;
}

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
    async (request) => {
      const latest = await latestApkVersion(app.db);
      if (!latest) throw new NotFound('No app version has been published');
      const installed = request.query.versionCode;
      return {
        latestVersionCode: latest.versionCode,
        latestVersionName: latest.versionName,
        minSupportedVersionCode: latest.minSupportedVersionCode,
        forceUpdate: latest.isForceUpdate,
        releaseNotes: latest.releaseNotes,
        releaseDate: latest.releaseDate,
        ...(installed !== undefined
          ? {
              mustUpdate: installed < latest.minSupportedVersionCode || (latest.isForceUpdate && installed < latest.versionCode),
            }
          : {}),
      };
    },
  );
};
