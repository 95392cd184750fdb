// The work of making one PDF, run in the documents Web Worker (or, where workers are unavailable, in
// a lazily loaded chunk of the page). pdfmake and its fonts load here only: never in the first page.
// The payslip is drawn by the one payslip renderer (packages/documents payslip-pdf.ts, as in Node) on the pdfkit
// inside pdfmake's build, so the worker holds one pdfkit and one fontkit, which the Gurmukhi fix mends for both.
import {
  type TEmployeeSalaryRecord,
  type TSalaryAdvance,
  ZEmployeeSalaryRecord,
  ZSalaryAdvance,
  ZSalaryHead,
} from '@hr/contract/documents';
import { type TIdCardBatch, ZIdCardBatch } from '@hr/contract/employees';
import { type TSettlement, ZSettlement } from '@hr/contract/exits';
import {
  buildAdvanceVoucherDoc,
  buildIdCardDoc,
  buildRelievingLetterDoc,
  buildServiceCertificateDoc,
  buildSettlementStatementDoc,
  buildSigningSheetDoc,
  buildWageSlipDoc,
  cloneDefinition,
  exitDocumentFileName,
  FONTS,
  type IdCardLayout,
  idCardFileName,
  isImageError,
  type PayslipRecord,
  payslipFileName,
  ROBOTO_FILES,
  scriptFamiliesOf,
  signingSheetFileName,
  withEmptyImages,
  withScriptFonts,
} from '@hr/documents';
import { fixAnchorsWith } from '@hr/documents/fontkit-fix';
import { drawPayslipPdf, type PayslipPdfOptions } from '@hr/documents/payslip-pdf';
import type { PainterEnv, PdfKitClass } from '@hr/documents/pdf-painter';
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { gurmukhiFont, scriptFontFiles, scriptFontUrls } from './script-fonts';

export type PdfJob =
  | { kind: 'payslips'; records: TEmployeeSalaryRecord[]; logo?: string | null; watermark?: string | null }
  | { kind: 'signingSheet'; records: TEmployeeSalaryRecord[]; now: number; timeZone?: string }
  | { kind: 'advanceVoucher'; advance: TSalaryAdvance; now: number; timeZone?: string; companyName?: string; city?: string }
  | { kind: 'idCards'; batch: TIdCardBatch; layout: IdCardLayout }
  | {
      kind: 'exit';
      document: 'settlement' | 'relieving' | 'experience';
      settlement: TSettlement;
      now: number;
      timeZone?: string;
      companyName?: string;
      city?: string;
    };

const EXIT_BUILDERS = {
  settlement: buildSettlementStatementDoc,
  relieving: buildRelievingLetterDoc,
  experience: buildServiceCertificateDoc,
};

export interface PdfResult {
  bytes: Uint8Array;
  fileName: string;
  /** Time spent building the PDF, in ms. */
  ms: number;
  /** Payslips that printed as an error page instead (a head amount that is not a number): 'name (code): reason'. */
  problems: string[];
}

function payslipOptions(job: Extract<PdfJob, { kind: 'payslips' }>, problems: string[]): PayslipPdfOptions {
  return {
    logo: job.logo ?? undefined,
    watermark: job.watermark ?? undefined,
    onSlipError: (record, _index, error) => problems.push(`${record.name} (${record.employeeCode ?? '-'}): ${error.message}`),
  };
}

let ready = false;
function pdfmake() {
  if (!ready) {
    pdfMake.addVirtualFileSystem(vfs);
    pdfMake.setFonts(FONTS);
    ready = true;
  }
  return pdfMake;
}

// Records are checked against the contract first: a malformed record fails with a clear message
// instead of a half-built document.
const ZRecords = ZEmployeeSalaryRecord.array().min(1);
// For payslips a head's amount is left to @hr/payroll, slip by slip: one that is not a number spoils only
// its own slip (printed as an error page), not the whole batch.
const ZPayslipRecords = ZEmployeeSalaryRecord.extend({ salaryProcessDetailRequestList: ZSalaryHead.omit({ amount: true }).loose().array() })
  .array()
  .min(1);

type Built = { doc: TDocumentDefinitions; fileName: string; print: boolean };

function definition(job: PdfJob, problems: string[]): Built {
  switch (job.kind) {
    case 'payslips': {
      // The standard layout is drawn by drawPayslipPdf (runPdfJob); this is the wage slip's definition.
      const records = ZPayslipRecords.parse(job.records);
      return { doc: buildWageSlipDoc(records, payslipOptions(job, problems)), fileName: payslipFileName(records), print: false };
    }
    case 'signingSheet': {
      const records = ZRecords.parse(job.records);
      return {
        doc: buildSigningSheetDoc(records, { now: new Date(job.now), timeZone: job.timeZone }),
        fileName: signingSheetFileName(records),
        print: false,
      };
    }
    case 'advanceVoucher':
      return {
        doc: buildAdvanceVoucherDoc(ZSalaryAdvance.parse(job.advance), {
          now: new Date(job.now),
          timeZone: job.timeZone,
          companyName: job.companyName,
          city: job.city,
        }),
        fileName: 'Salary_Advance_Voucher.pdf',
        print: true,
      };
    case 'idCards': {
      const batch = ZIdCardBatch.parse(job.batch);
      return { doc: buildIdCardDoc(batch, job.layout), fileName: idCardFileName(batch), print: false };
    }
    case 'exit': {
      const s = ZSettlement.parse(job.settlement);
      const opts = { now: new Date(job.now), timeZone: job.timeZone, companyName: job.companyName, city: job.city };
      return { doc: EXIT_BUILDERS[job.document](s, opts), fileName: exitDocumentFileName(job.document, s), print: false };
    }
  }
}

async function bytesOf(doc: TDocumentDefinitions, print: boolean): Promise<Uint8Array> {
  const out = pdfmake().createPdf(doc);
  // What pdfmake's own print() does: the PDF asks the viewer to open the print dialog.
  if (print) ((await out.getStream()) as unknown as { setOpenActionAsPrint(): void }).setOpenActionAsPrint();
  return new Uint8Array(await out.getBuffer());
}

let pdfkit: Promise<PdfKitClass> | undefined;
/** The pdfkit inside pdfmake's build: the parent of the document class pdfmake makes (an empty PDF, made once). */
function pdfkitClass(): Promise<PdfKitClass> {
  pdfkit ??= pdfmake()
    .createPdf({ content: [] })
    .getStream()
    .then((doc) => Object.getPrototypeOf(doc.constructor) as PdfKitClass);
  return pdfkit;
}

let gurmukhiFixed: Promise<void> | undefined;
/** Mends fontkit's Gurmukhi mark anchors (fontkit-fix.ts) in pdfmake's build, once, before a document needs it. */
function fixGurmukhi(families: Iterable<string>): Promise<void> | undefined {
  if (![...families].includes('NotoSansGurmukhi')) return undefined;
  gurmukhiFixed ??= Promise.all([pdfkitClass(), gurmukhiFont()]).then(([PDFKit, font]) => fixAnchorsWith(PDFKit, font));
  gurmukhiFixed.catch(() => {
    gurmukhiFixed = undefined;
  });
  return gurmukhiFixed;
}

const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
let roboto: PainterEnv['roboto'] | undefined;

/** pdfkit and the fonts of a payslip batch for the painter: Roboto from pdfmake's fonts, the scripts its texts need. */
async function painterEnv(records: readonly PayslipRecord[]): Promise<PainterEnv> {
  const families = [...scriptFamiliesOf(JSON.stringify(records))].map((f) => f.family);
  const [PDFDocument, files] = await Promise.all([pdfkitClass(), scriptFontFiles(families), fixGurmukhi(families)]);
  const f = vfs as unknown as Record<string, string>;
  roboto ??= { R: base64Bytes(f[ROBOTO_FILES.normal]), B: base64Bytes(f[ROBOTO_FILES.bold]), I: base64Bytes(f[ROBOTO_FILES.italics]) };
  return {
    PDFDocument,
    roboto,
    scriptFont: (font, bold) => {
      const file = files.get(font.family);
      if (!file) throw new Error(`The font ${font.family} was not loaded`);
      return bold ? file.bold : file.normal;
    },
  };
}

/** Builds the PDF of a job; a logo, watermark or photo that cannot be read is replaced by an empty image. */
export async function runPdfJob(job: PdfJob): Promise<PdfResult> {
  const started = performance.now();
  const problems: string[] = [];
  if (job.kind === 'payslips') {
    // The payslip layout through the one payslip renderer; the wage slip layout is a definition (below).
    const records = ZPayslipRecords.parse(job.records);
    if (records[0].payslipLayout !== 'wageSlip') {
      const bytes = await drawPayslipPdf(await painterEnv(records), records, payslipOptions(job, problems));
      return { bytes, fileName: payslipFileName(records), ms: performance.now() - started, problems };
    }
  }
  const built = definition(job, problems);
  const { fileName, print } = built;
  // Indic text in its script's font: only the fonts this document needs are fetched.
  const { doc, families } = withScriptFonts(built.doc);
  pdfmake().setFonts({ ...FONTS, ...scriptFontUrls(families) });
  await fixGurmukhi(families);
  const pristine = cloneDefinition(doc);
  let bytes: Uint8Array;
  try {
    bytes = await bytesOf(doc, print);
  } catch (error) {
    if (!isImageError(error)) throw error;
    bytes = await bytesOf(withEmptyImages(pristine), print);
  }
  return { bytes, fileName, ms: performance.now() - started, problems };
}
