/**
 * The web app's release as the APK version master counts it (Master › APK Version): the installed app sends this
 * code with its punches and asks `/api/public/apk-version/latest?versionCode=` at start; below the master's minimum
 * it says "a newer version is required" (the server refuses its punches with 426). Raise it with a release that
 * older installed copies must not keep running.
 */
export const APP_VERSION_CODE = 130;
export const APP_VERSION_NAME = '1.3.0';
