// The payroll documents and ID cards in the browser (spec sections 2, 5, 8 and 9). Everything heavy — pdfmake,
// its fonts, the document builders — is loaded on first use in a separate chunk and runs in a Web
// Worker; this file only opens windows and hands the work over. A failure is only logged.
import type { TEmployeeSalaryRecord, TIdCardBatch, TSalaryAdvance, TSettlement } from '@hr/contract';
import { sessionStore } from '@/lib/session';

/** The signed-in organisation (name, city, logo, time zone) supplies every default below. */
const organisation = () => sessionStore.get().acc_dtls?.organisation;

export interface PayslipDownloadOptions {
  /** URL of the logo; loaded into a circular frame, an empty image when it fails. Default: the organisation's logo, else the built-in emblem. */
  logoUrl?: string;
  /** URL of the watermark image; same rules. */
  watermarkUrl?: string;
}

export interface DocumentDateOptions {
  /** Time zone of today's date; default the organisation's (else Asia/Kolkata). */
  timeZone?: string;
}

export interface AdvanceVoucherOptions extends DocumentDateOptions {
  /** Name and city at the top of the voucher; default the organisation's. */
  companyName?: string;
  city?: string;
}

const load = () => Promise.all([import('./render'), import('./logo')]);

/** Builds the payslip batch (one page per record) and downloads it as 'Pay_Slip_{units}_{MonthName}_{year}.pdf'. Resolves with the file name, or null on failure. */
export async function downloadPayslips(records: TEmployeeSalaryRecord[], opts: PayslipDownloadOptions = {}): Promise<string | null> {
  try {
    const [{ renderPdf, saveFile }, { loadCircularLogo }] = await load();
    const logoUrl = opts.logoUrl ?? organisation()?.logo ?? undefined;
    const [logo, watermark] = await Promise.all([
      logoUrl ? loadCircularLogo(logoUrl) : undefined,
      opts.watermarkUrl ? loadCircularLogo(opts.watermarkUrl, 480) : undefined,
    ]);
    const { bytes, fileName, problems } = await renderPdf({ kind: 'payslips', records, logo, watermark });
    // Such a slip prints as an error page and the rest of the batch as usual; the failure is only logged (spec section 8).
    for (const problem of problems) console.error('Payslip not prepared:', problem);
    saveFile(bytes, fileName);
    return fileName;
  } catch (error) {
    console.error('Payslip PDF generation failed', error);
    return null;
  }
}

/** Builds the pay slip received register (one page per unit) and opens it in a new window. */
export async function openSigningSheet(records: TEmployeeSalaryRecord[], opts: DocumentDateOptions = {}): Promise<void> {
  // Opened before any await, while the click still counts as a user gesture (popup blockers).
  const win = window.open('', '_blank');
  try {
    if (!win) throw new Error('Open PDF in new window blocked by browser');
    const { renderPdf, showInWindow } = await import('./render');
    const timeZone = opts.timeZone ?? organisation()?.timeZone;
    const { bytes, fileName } = await renderPdf({ kind: 'signingSheet', records, now: Date.now(), timeZone });
    // Spec: the window carries the file name 'Salary_Signing_Sheet_{units}_{MonthName}_{year}.pdf'.
    showInWindow(win, bytes, fileName);
  } catch (error) {
    win?.close();
    console.error('Signing sheet PDF generation failed', error);
  }
}

/** Builds the salary / wages advance voucher and opens it in a new window with the print dialog. */
export async function printAdvanceVoucher(advance: TSalaryAdvance, opts: AdvanceVoucherOptions = {}): Promise<void> {
  const win = window.open('', '_blank');
  try {
    if (!win) throw new Error('Open PDF in new window blocked by browser');
    const { renderPdf, showInWindow } = await import('./render');
    const org = organisation();
    const { bytes } = await renderPdf({
      kind: 'advanceVoucher',
      advance,
      now: Date.now(),
      companyName: opts.companyName ?? org?.name,
      city: opts.city ?? org?.city,
      timeZone: opts.timeZone ?? org?.timeZone,
    });
    showInWindow(win, bytes);
  } catch (error) {
    win?.close();
    console.error('Advance voucher PDF generation failed', error);
  }
}

/** Builds an exit document (settlement statement, relieving letter, experience certificate) and downloads it. */
export async function downloadExitDocument(
  document: 'settlement' | 'relieving' | 'experience',
  settlement: TSettlement,
): Promise<string | null> {
  try {
    const { renderPdf, saveFile } = await import('./render');
    const org = organisation();
    const { bytes, fileName } = await renderPdf({
      kind: 'exit',
      document,
      settlement,
      now: Date.now(),
      companyName: org?.name,
      city: org?.city,
      timeZone: org?.timeZone,
    });
    saveFile(bytes, fileName);
    return fileName;
  } catch (error) {
    console.error('Exit document PDF generation failed', error);
    return null;
  }
}

/**
 * Builds the ID cards of a batch ('card': front and back on card-size pages; 'a4': several cards a sheet)
 * and downloads them as 'ID_Card_{code}.pdf' / 'ID_Cards_{units}.pdf'. Resolves with the file name, or
 * null on failure; a photo or logo that cannot be read prints as an empty image.
 */
export async function downloadIdCards(batch: TIdCardBatch, layout: 'card' | 'a4'): Promise<string | null> {
  try {
    const { renderPdf, saveFile } = await import('./render');
    const { bytes, fileName } = await renderPdf({ kind: 'idCards', batch, layout });
    saveFile(bytes, fileName);
    return fileName;
  } catch (error) {
    console.error('ID card PDF generation failed', error);
    return null;
  }
}
