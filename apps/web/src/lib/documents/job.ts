// The work of making one PDF, run in the documents Web Worker (or, where workers are unavailable, in
// a lazily loaded chunk of the page). pdfmake and its fonts load here only: never in the first page.
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
  buildSalarySlipDoc,
  buildServiceCertificateDoc,
  buildSettlementStatementDoc,
  buildSigningSheetDoc,
  cloneDefinition,
  exitDocumentFileName,
  FONTS,
  type IdCardLayout,
  idCardFileName,
  isImageError,
  payslipFileName,
  signingSheetFileName,
  withEmptyImages,
  withScriptFonts,
} from '@hr/documents';
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { BROWSER_SKIPPED_FAMILIES, scriptFontUrls } from './script-fonts';

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

function definition(job: PdfJob, problems: string[]): { doc: TDocumentDefinitions; fileName: string; print: boolean } {
  switch (job.kind) {
    case 'payslips': {
      const records = ZPayslipRecords.parse(job.records);
      return {
        doc: buildSalarySlipDoc(records, {
          logo: job.logo ?? undefined,
          watermark: job.watermark ?? undefined,
          onSlipError: (record, _index, error) => problems.push(`${record.name} (${record.employeeCode ?? '-'}): ${error.message}`),
        }),
        fileName: payslipFileName(records),
        print: false,
      };
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

/** Builds the PDF of a job; a logo, watermark or photo that cannot be read is replaced by an empty image. */
export async function runPdfJob(job: PdfJob): Promise<PdfResult> {
  const started = performance.now();
  const problems: string[] = [];
  const built = definition(job, problems);
  const { fileName, print } = built;
  // Indic text in its script's font: only the fonts this document needs are fetched.
  const { doc, families } = withScriptFonts(built.doc, { skip: BROWSER_SKIPPED_FAMILIES });
  pdfmake().setFonts({ ...FONTS, ...scriptFontUrls(families) });
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
