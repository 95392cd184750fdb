// The golden tests read PDFs back with poppler-utils (pdfinfo, pdftotext, pdffonts). CI installs it and
// must run them; on a developer's machine without it, `npm test` skips them with a notice instead of
// failing ("apt-get install poppler-utils" brings them back).
import { spawnSync } from 'node:child_process';
import { describe, it } from 'vitest';

export const hasPoppler = !spawnSync('pdftotext', ['-v']).error;

if (!hasPoppler) {
  if (process.env.CI) throw new Error('poppler-utils (pdftotext, pdfinfo, pdffonts) is required in CI: apt-get install -y poppler-utils');
  console.warn('poppler-utils is not installed: the golden PDF tests are skipped (apt-get install poppler-utils to run them)');
}

/**
 * `describe` for blocks that read PDFs back with poppler-utils. Without it the block's body is not run
 * at all (vitest would still run a skipped block's body to collect its tests, and these bodies render
 * and read PDFs while collecting).
 */
export function describeWithPoppler(name: string, body: () => void | Promise<void>) {
  if (hasPoppler) return describe(name, body);
  return describe(name, () => {
    it.skip('needs poppler-utils (pdftotext, pdfinfo, pdffonts)', () => {});
  });
}
/** `it` for single tests that read PDFs back with poppler-utils. */
export const itWithPoppler = hasPoppler ? it : it.skip;
