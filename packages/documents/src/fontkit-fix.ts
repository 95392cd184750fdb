// fontkit (which pdfkit and pdfmake shape text with) fails on a mark-to-base record without an anchor for
// the mark's class ("Cannot read properties of null (reading 'xCoordinate')"), which the OpenType spec allows
// and HarfBuzz skips. Noto Sans Gurmukhi has such records: "ਸਿੰਘ", "ਗੁਰ", "ਪ੍ਰੀਤ" would stop the whole PDF.
// The fix is made once on the GPOS processor of whichever fontkit copy opened a font, reached through that font's
// layout engine: the npm fontkit in Node (node.ts), the one bundled in pdfmake's browser build in the web worker.

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

/**
 * The fix on the fontkit of a pdfkit class (e.g. the one inside pdfmake's browser build), through a Gurmukhi font
 * file opened with it: every document of that pdfkit, pdfmake's included, then shapes Gurmukhi.
 */
export function fixAnchorsWith(
  PDFDocument: new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument,
  gurmukhiFont: Uint8Array,
): void {
  const doc = new PDFDocument({ autoFirstPage: false, font: null } as unknown as PDFKit.PDFDocumentOptions);
  doc.registerFont('gurmukhi', gurmukhiFont as Buffer);
  fixAnchorsOf((doc.font('gurmukhi') as unknown as { _font: { font: FontkitFont } })._font.font);
}
