// Password protection of a PDF handed to one person (a payslip by e-mail): AES-256 (PDF 1.7 extension level 3,
// /V 5 with the AESV3 filter), opened with the user password. The reader may print it (in high resolution) and
// assistive technology may read its text (a screen reader); copying, changing, annotating and reassembling it
// need the owner password, which nobody is told.
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

export interface PdfProtection {
  /** What opens the file (e.g. a payslip's PAN + date of birth). */
  userPassword: string;
  /** What lifts the restrictions: a random one that nobody is told. */
  ownerPassword: string;
}

const PERMISSIONS = {
  printing: 'highResolution',
  contentAccessibility: true,
  copying: false,
  modifying: false,
  annotating: false,
  fillingForms: false,
  documentAssembly: false,
} as const;

/** pdfkit's options for the protection (the payslip drawn straight onto pdfkit: payslip-pdf.ts). */
export function pdfkitProtection({ userPassword, ownerPassword }: PdfProtection) {
  if (!userPassword || !ownerPassword) throw new RangeError('A protected PDF needs a user and an owner password');
  return { pdfVersion: '1.7ext3' as const, userPassword, ownerPassword, permissions: { ...PERMISSIONS } };
}

/** The definition, protected: pdfmake passes the version, passwords and permissions to pdfkit. */
export function protectDocument(doc: TDocumentDefinitions, protection: PdfProtection): TDocumentDefinitions {
  const { pdfVersion, ...rest } = pdfkitProtection(protection);
  return { ...doc, version: pdfVersion, ...rest };
}
