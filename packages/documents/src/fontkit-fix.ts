// fontkit (which pdfkit and pdfmake shape text with) fails on a mark-to-base record without an anchor for
// the mark's class ("Cannot read properties of null (reading 'xCoordinate')"), which the OpenType spec allows
// and HarfBuzz skips. Noto Sans Gurmukhi has such records: "ਸਿੰਘ", "ਗੁਰ", "ਪ੍ਰੀਤ" would stop the whole PDF.
// Node only: the fix is made once on fontkit's GPOS processor, reached through a font's layout engine.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let fixed = false;

interface Anchor {
  xCoordinate: number;
  yCoordinate: number;
}
interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: Anchor | null }, baseAnchor: Anchor | null, baseGlyphIndex: number): void;
}

interface FontkitFont {
  layout(s: string): unknown;
  _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor } };
}
const done = new WeakSet<object>();

/** Fixes the GPOS processor of the fontkit copy that opened `font` (a Gurmukhi font: it has a GPOS table). */
export function fixAnchorsOf(font: FontkitFont): void {
  font.layout('\u0a15');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return;
  const proto = Object.getPrototypeOf(processor) as GposProcessor;
  if (done.has(proto)) return;
  done.add(proto);
  const apply = proto.applyAnchor;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    // No anchor: the mark is not positioned on this base (as HarfBuzz does).
    if (!baseAnchor || !markRecord?.markAnchor) return;
    apply.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
}

/** The fix on the fontkit that pdfmake's pdfkit loads in Node (CommonJS). */
export function fixFontkitAnchors(): void {
  if (fixed) return;
  fixed = true;
  const fontkit = require('fontkit') as { openSync(path: string): FontkitFont };
  const file = join(
    dirname(require.resolve('@fontsource/noto-sans-gurmukhi/package.json')),
    'files',
    'noto-sans-gurmukhi-gurmukhi-400-normal.woff',
  );
  fixAnchorsOf(fontkit.openSync(file));
}
