// The fonts of the scripts of India for PDFs made in the browser (packages/documents/src/scripts.ts): each
// file is a separate asset of the build, fetched by pdfmake only for a document whose text needs it.
// Gurmukhi is left out here: the fontkit bundled in pdfmake's browser build stops on Noto Sans Gurmukhi's
// mark anchors (the server's copy is fixed in packages/documents/src/fontkit-fix.ts), so Gurmukhi text
// keeps the document font in the browser rather than failing the whole PDF.

import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff?url';
import bengali600 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-600-normal.woff?url';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import devanagari600 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff?url';
import gujarati400 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff?url';
import gujarati600 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-600-normal.woff?url';
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

const FILES: Record<string, readonly [string, string]> = {
  NotoSansDevanagari: [devanagari400, devanagari600],
  NotoSansBengali: [bengali400, bengali600],
  NotoSansGujarati: [gujarati400, gujarati600],
  NotoSansKannada: [kannada400, kannada600],
  NotoSansMalayalam: [malayalam400, malayalam600],
  NotoSansOriya: [oriya400, oriya600],
  NotoSansTamil: [tamil400, tamil600],
  NotoSansTelugu: [telugu400, telugu600],
};

/** Families the browser cannot draw (withScriptFonts leaves their text to the document font). */
export const BROWSER_SKIPPED_FAMILIES = ['NotoSansGurmukhi'] as const;

/** pdfmake font entries (absolute URLs, which pdfmake fetches) for the families a document uses. */
export function scriptFontUrls(
  families: Iterable<string>,
): Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> {
  const fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> = {};
  for (const family of families) {
    const files = FILES[family];
    if (!files) continue;
    const [normal, bold] = files.map((f) => new URL(f, self.location.href).href);
    fonts[family] = { normal, bold, italics: normal, bolditalics: bold };
  }
  return fonts;
}
