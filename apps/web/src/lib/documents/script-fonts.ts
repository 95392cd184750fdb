// The fonts of the scripts of India for PDFs made in the browser (packages/documents/src/scripts.ts): each
// file is a separate asset of the build, fetched only for a document whose text needs it — by pdfmake (as
// URLs) for the documents it lays out, by the worker itself (as bytes) for the payslip painter. Noto Sans
// Gurmukhi's mark anchors stop the fontkit inside pdfmake's build as they stop the npm one: job.ts mends it
// with the same fix as Node (packages/documents/src/fontkit-fix.ts) before a document needs it.

import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff?url';
import bengali600 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-600-normal.woff?url';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import devanagari600 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff?url';
import gujarati400 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff?url';
import gujarati600 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-600-normal.woff?url';
import gurmukhi400 from '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-400-normal.woff?url';
import gurmukhi600 from '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-600-normal.woff?url';
import kannada400 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff?url';
import kannada600 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-600-normal.woff?url';
import malayalam400 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff?url';
import malayalam600 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-600-normal.woff?url';
import oriya400 from '@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-400-normal.woff?url';
import oriya600 from '@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-600-normal.woff?url';
import tamil400 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff?url';
import tamil600 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-600-normal.woff?url';
import telugu400 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff?url';
import telugu600 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-600-normal.woff?url';

/** Regular and bold (600) file of each family. */
const FILES: Record<string, readonly [string, string]> = {
  NotoSansDevanagari: [devanagari400, devanagari600],
  NotoSansBengali: [bengali400, bengali600],
  NotoSansGujarati: [gujarati400, gujarati600],
  NotoSansGurmukhi: [gurmukhi400, gurmukhi600],
  NotoSansKannada: [kannada400, kannada600],
  NotoSansMalayalam: [malayalam400, malayalam600],
  NotoSansOriya: [oriya400, oriya600],
  NotoSansTamil: [tamil400, tamil600],
  NotoSansTelugu: [telugu400, telugu600],
};

/** The absolute URLs of a family's regular and bold files. */
function urls(family: string): [string, string] | undefined {
  const files = FILES[family];
  if (!files) return undefined;
  return [new URL(files[0], self.location.href).href, new URL(files[1], self.location.href).href];
}

/** pdfmake font entries (absolute URLs, which pdfmake fetches) for the families a document uses. */
export function scriptFontUrls(
  families: Iterable<string>,
): Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> {
  const fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> = {};
  for (const family of families) {
    const pair = urls(family);
    if (!pair) continue;
    const [normal, bold] = pair;
    fonts[family] = { normal, bold, italics: normal, bolditalics: bold };
  }
  return fonts;
}

const fetched = new Map<string, Promise<Uint8Array>>();
/** A font file's bytes (fetched once per worker; the browser's cache serves pdfmake's own fetch of it). */
function bytes(url: string): Promise<Uint8Array> {
  let file = fetched.get(url);
  if (!file) {
    file = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`Font ${url}: HTTP ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    });
    file.catch(() => fetched.delete(url));
    fetched.set(url, file);
  }
  return file;
}

/** The regular and bold files of the families, as bytes, by family. */
export async function scriptFontFiles(families: Iterable<string>): Promise<Map<string, { normal: Uint8Array; bold: Uint8Array }>> {
  const out = new Map<string, { normal: Uint8Array; bold: Uint8Array }>();
  await Promise.all(
    [...families].map(async (family) => {
      const pair = urls(family);
      if (!pair) return;
      const [normal, bold] = await Promise.all(pair.map(bytes));
      out.set(family, { normal, bold });
    }),
  );
  return out;
}

/** Noto Sans Gurmukhi's regular file (what the anchor fix opens). */
export async function gurmukhiFont(): Promise<Uint8Array> {
  return (await scriptFontFiles(['NotoSansGurmukhi'])).get('NotoSansGurmukhi')!.normal;
}
