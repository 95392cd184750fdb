/** The repository's root folder. */
export const root: string;
/** Bundles apps/server/src/main.ts into `outdir`/main.js (default apps/server/dist); resolves to that file's path. */
export function buildServer(outdir?: string): Promise<string>;
