// The mobile app's versions: the master's rule, the newest release and the check the app calls at start.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apkVersions } from '../../db/schema';
import { BadRequest, NotFound } from '../../lib/errors';
import { registerResourceHooks } from '../masters/hooks';

/** Registers the version master's rule with the masters registry (called once, from the module's manifest). */
export function registerApkVersionRules(): void {
  registerResourceHooks('apkVersion', {
    beforeSave({ data }) {
      if (Number(data.minSupportedVersionCode) > Number(data.versionCode)) {
        throw new BadRequest('Invalid version', {
          minSupportedVersionCode: ['Cannot exceed the version code'],
        });
      }
    },
  });
}

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

/** The latest release, the oldest still supported, force update; with the installed version, whether it must update now. */
export async function apkVersionCheck(db: Db, installed: number | undefined) {
  const latest = await latestApkVersion(db);
  if (!latest) throw new NotFound('No app version has been published');
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
}
