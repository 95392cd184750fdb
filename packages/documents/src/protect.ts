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

/** The definition, protected: pdfmake passes the version, passwords and permissions to pdfkit. */
export function protectDocument(doc: TDocumentDefinitions, { userPassword, ownerPassword }: PdfProtection): TDocumentDefinitions {
  if (!userPassword || !ownerPassword) throw new RangeError('A protected PDF needs a user and an owner password');
  return {
    ...doc,
    version: '1.7ext3',
    userPassword,
    ownerPassword,
    permissions: {
      printing: 'highResolution',
      contentAccessibility: true,
      copying: false,
      modifying: false,
      annotating: false,
      fillingForms: false,
      documentAssembly: false,
    },
  };
}
