// Renders PDFs in Node (tests, bulk jobs, e-mailed payslips, the bench): pdfmake document definitions
// (renderPdf) and the payslip batch drawn straight onto pdfkit (renderPayslipPdf). The browser has its own
// loader in apps/web/src/lib/documents. Fonts come from pdfmake's and the @fontsource packages, read once;
// pdfmake gets them in its virtual file system, so no local file or URL is ever read while rendering.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { fixAnchorsOf } from './fontkit-fix';
import { FONT_FAMILY, FONTS, ROBOTO_FILES } from './fonts';
import { cloneDefinition, isImageError, withEmptyImages } from './images';
import type { PayslipRecord } from './payslip';
import { drawPayslipPdf, type PayslipPdfOptions } from './payslip-pdf';
import type { PainterEnv, PdfKitClass } from './pdf-painter';
import { protectDocument } from './protect';
import { SCRIPT_FONTS, type ScriptFont, scriptFontDescriptors, withScriptFonts } from './scripts';
import { buildWageSlipDoc } from './wage-slip';

const require = createRequire(import.meta.url);

/** The fix of fontkit's Gurmukhi mark anchors (fontkit-fix.ts) on the npm fontkit that pdfkit and pdfmake load. */
let fixed = false;
function fixFontkitAnchors(): void {
  if (fixed) return;
  fixed = true;
  const fontkit = require('fontkit') as { create(data: Buffer): Parameters<typeof fixAnchorsOf>[0] };
  const gurmukhi = SCRIPT_FONTS.find((f) => f.family === 'NotoSansGurmukhi')!;
  fixAnchorsOf(fontkit.create(scriptFontFile(gurmukhi, gurmukhi.normal)));
}

interface PdfMakeNode {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
  setFonts(fonts: unknown): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let instance: PdfMakeNode | undefined;

const fontFiles = new Map<string, Buffer>();
/** A script font's file as read from its @fontsource package (once per process). */
export function scriptFontFile(font: ScriptFont, name: string): Buffer {
  let file = fontFiles.get(name);
  if (!file) {
    file = readFileSync(join(dirname(require.resolve(`${font.pkg}/package.json`)), 'files', name));
    fontFiles.set(name, file);
  }
  return file;
}

let env: PainterEnv | undefined;
/** pdfkit (the copy pdfmake uses) and the fonts for the payslip painter, loaded once per process. */
export function nodePainterEnv(): PainterEnv {
  if (env) return env;
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const roboto = (file: string) => readFileSync(join(dir, file));
  env = {
    PDFDocument: require('pdfkit') as PdfKitClass,
    roboto: { R: roboto(ROBOTO_FILES.normal), B: roboto(ROBOTO_FILES.bold), I: roboto(ROBOTO_FILES.italics) },
    scriptFont: (font, bold) => scriptFontFile(font, bold ? font.bold : font.normal),
  };
  return env;
}

/**
 * The payslip batch (the standard layout) as one PDF drawn straight onto pdfkit (payslip-pdf.ts): the bulk batch
 * and the e-mailed slip (optionally password-protected).
 */
export async function renderPayslipPdf(records: readonly PayslipRecord[], opts: PayslipPdfOptions = {}): Promise<Buffer> {
  const bytes = await drawPayslipPdf(nodePainterEnv(), records, opts);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The salary slips in the organisation's layout (the first record's `payslipLayout`): the
 * payslip through renderPayslipPdf, the Code on Wages wage slip from its pdfmake definition.
 */
export function renderSalarySlipPdf(records: readonly PayslipRecord[], opts: PayslipPdfOptions = {}): Promise<Buffer> {
  if (records[0]?.payslipLayout !== 'wageSlip') return renderPayslipPdf(records, opts);
  const { protection, ...rest } = opts;
  const doc = buildWageSlipDoc(records, rest);
  return renderPdf(protection ? protectDocument(doc, protection) : doc);
}

// Roboto and every script font of India (pdfkit embeds a font only when a text uses it).
const ALL_FONTS = { ...FONTS, ...scriptFontDescriptors((_f, name) => name) };

function pdfmake(): PdfMakeNode {
  if (instance) return instance;
  const pm = require('pdfmake') as PdfMakeNode;
  fixFontkitAnchors();
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  for (const file of Object.values(ROBOTO_FILES)) pm.virtualfs.writeFileSync(file, readFileSync(join(fontDir, file)));
  scriptFontDescriptors((font, name) => {
    pm.virtualfs.writeFileSync(name, scriptFontFile(font, name));
    return name;
  });
  pm.setFonts(ALL_FONTS);
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  instance = pm;
  return pm;
}

export interface RenderOptions {
  /**
   * Lay out and render the content this many top-level items at a time into one PDF, so the layout
   * of only one chunk is held in memory (1,000 payslips: ~400 MB → ~120 MB, and faster). Only for
   * definitions whose top-level content items each start a page and whose header/footer do not print
   * page numbers (those restart per chunk), such as the payslip batch.
   */
  chunkSize?: number;
}

/**
 * Builds the PDF. When an image of the definition cannot be read (a broken logo or watermark), the
 * document is built again with empty images in their place: a bad logo never stops a payslip.
 */
export async function renderPdf(definition: TDocumentDefinitions, options: RenderOptions = {}): Promise<Buffer> {
  // Indic text in its script's font (a new definition: the caller's is not changed).
  const doc = withScriptFonts(definition).doc;
  // pdfmake writes its measurements into the definition it lays out; the chunked path copies each
  // chunk instead, so the caller's definition stays untouched and a chunk's layout can be freed.
  const chunked = Boolean(options.chunkSize && Array.isArray(doc.content));
  const pristine = chunked ? doc : cloneDefinition(doc);
  const render = (d: TDocumentDefinitions) => (chunked ? renderInChunks(d, options.chunkSize!) : pdfmake().createPdf(d).getBuffer());
  try {
    return await render(doc);
  } catch (error) {
    if (!isImageError(error)) throw error;
    return render(withEmptyImages(pristine));
  }
}

// pdfmake 0.3's own Printer.createPdfKitDocument, but with the layout done chunk by chunk into the
// same pdfkit document (pdfkit flushes each finished page to its stream).
function renderInChunks(doc: TDocumentDefinitions, chunkSize: number): Promise<Buffer> {
  const pm = pdfmake();
  const PDFDocument = require('pdfmake/js/PDFDocument').default;
  const LayoutBuilder = require('pdfmake/js/LayoutBuilder').default;
  const SVGMeasure = require('pdfmake/js/SVGMeasure').default;
  const Renderer = require('pdfmake/js/Renderer').default;
  const { normalizePageSize, normalizePageMargin } = require('pdfmake/js/PageSize');
  const { tableLayouts } = require('pdfmake/js/tableLayouts');

  const content = doc.content as Content[];
  const pageSize = normalizePageSize(doc.pageSize, doc.pageOrientation);
  const info: Record<string, string> = { Producer: 'pdfmake', Creator: 'pdfmake' };
  for (const [k, v] of Object.entries(doc.info ?? {})) if (typeof v === 'string' && v) info[k.charAt(0).toUpperCase() + k.slice(1)] = v;
  const pdf = new PDFDocument(
    structuredClone(ALL_FONTS),
    doc.images ?? {},
    {},
    {},
    {
      size: [pageSize.width, pageSize.height],
      pdfVersion: '1.3',
      tagged: false,
      displayTitle: false,
      compress: doc.compress ?? true,
      fontLayoutCache: true,
      bufferPages: false,
      autoFirstPage: false,
      info,
      font: null,
    },
    pm.virtualfs,
    () => false,
  );
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (let i = 0; i < content.length; i += chunkSize) {
    const part = cloneDefinition(content.slice(i, i + chunkSize));
    // A new layout starts on a fresh page already; a 'before' break on its first item would add a blank one.
    if (part[0] && typeof part[0] === 'object' && 'pageBreak' in part[0]) part[0] = { ...part[0], pageBreak: undefined } as Content;
    const builder = new LayoutBuilder(pageSize, normalizePageMargin(doc.pageMargins ?? 40), new SVGMeasure());
    builder.registerTableLayouts(tableLayouts);
    const pages = builder.layoutDocument(
      part,
      pdf,
      doc.styles ?? {},
      doc.defaultStyle ?? { fontSize: 12, font: FONT_FAMILY },
      doc.background,
      doc.header,
      doc.footer,
      doc.watermark,
      doc.pageBreakBefore,
    );
    new Renderer(pdf).renderPages(pages);
  }
  pdf.end();
  return done;
}
