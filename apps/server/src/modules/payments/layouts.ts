// Bank file layouts are data (bank_file_layouts): the built-in ones below are written on every start when missing
// (by name; an administrator's own layouts and edits are never touched), and an administrator adds more through the
// API. Each built-in layout cites where its bank publishes it; a bank changes its template now and then, so a payroll
// office checks the first file with its branch before relying on it.
import type { TBankLayout, TBankLayoutInput } from '@hr/contract';
import { ZBankLayoutInput } from '@hr/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankFileLayouts } from '../../db/schema';
import { NotFound } from '../../lib/errors';

/** The contract's own layout (`format=csv`): the headings `Employee Code`, `Account Number`, `IFSC` and `Amount`. */
export const GENERIC_LAYOUT_NAME = 'Generic NEFT/RTGS (CSV)';

const BUILT_IN: TBankLayoutInput[] = [
  {
    name: GENERIC_LAYOUT_NAME,
    bankName: null,
    fileType: 'csv',
    delimiter: ',',
    headingRow: true,
    columns: [
      { heading: 'Employee Code', source: 'employeeCode' },
      { heading: 'Employee Name', source: 'name' },
      { heading: 'Account Number', source: 'accountNumber' },
      { heading: 'IFSC', source: 'ifsc' },
      { heading: 'Amount', source: 'amount' },
      { heading: 'Value Date', source: 'valueDate' },
      { heading: 'Narration', source: 'narration' },
      { heading: 'Email', source: 'email' },
    ],
    dateFormat: 'DD/MM/YYYY',
    fileExtension: 'csv',
    source: 'The fields of an NEFT credit (RBI NEFT procedural guidelines): beneficiary account, IFSC, amount, remitter account, narration',
  },
  {
    // HDFC Bank ENet upload file (comma separated, no heading row, file named ClientCode+DDMM.NNN): Customer Reference No
    // (15), Bene Name (70), Bene Account No (30), IFSC (11), Account Type (2), Amount (12.2), Value date (YYYYMMDD).
    name: 'HDFC Bank ENet bulk upload',
    bankName: 'HDFC Bank',
    fileType: 'csv',
    delimiter: ',',
    headingRow: false,
    columns: [
      { heading: 'Customer Reference No', source: 'employeeCode', width: 15 },
      { heading: 'Bene Name', source: 'name', width: 70 },
      { heading: 'Bene Account No', source: 'accountNumber', width: 30 },
      { heading: 'IFSC code', source: 'ifsc', width: 11 },
      { heading: 'Account Type', source: 'constant', value: '10', width: 2 },
      { heading: 'Amount', source: 'amount', width: 15 },
      { heading: 'Value date', source: 'valueDate', format: 'YYYYMMDD', width: 8 },
    ],
    dateFormat: 'YYYYMMDD',
    fileExtension: 'txt',
    source:
      'HDFC Bank ENet "Upload File Specifications" (https://scribd.com/document/382247347/Upload-File-Specifications) and ENet Bulk Transactions Upload Manual (https://1library.net/document/zw4wjllq-upload-manual-bulk-payments.html)',
  },
  {
    // ICICI Bank Corporate Internet Banking bulk upload, payment to ad hoc beneficiaries: transaction type per row
    // (WIB within ICICI, NFT NEFT, RTG RTGS, IFC IMPS), the debit account, beneficiary account, name, amount, IFSC, date.
    name: 'ICICI Bank CIB bulk upload',
    bankName: 'ICICI Bank',
    fileType: 'csv',
    delimiter: ',',
    headingRow: true,
    columns: [
      { heading: 'Debit Ac No', source: 'debitAccount' },
      { heading: 'Beneficiary Ac No', source: 'accountNumber' },
      { heading: 'Beneficiary Name', source: 'name', width: 32 },
      { heading: 'Amt', source: 'amount' },
      { heading: 'Pay Mod', source: 'constant', value: 'NFT' },
      { heading: 'Date', source: 'valueDate', format: 'DD-MMM-YYYY' },
      { heading: 'IFSC', source: 'ifsc' },
      { heading: 'Bene Mobile No.', source: 'mobile' },
      { heading: 'Bene email ID', source: 'email' },
      { heading: 'Remarks', source: 'narration', width: 30 },
      { heading: 'Employee Code', source: 'employeeCode' },
    ],
    dateFormat: 'DD-MMM-YYYY',
    fileExtension: 'csv',
    source:
      'ICICI Bank CIB "Instruction to create the uploadable file" (bulk payment converter: transaction types WIB / NFT / RTG / IFC), https://scribd.com/document/690495286/bulk-payment-calculator',
  },
  {
    // Union Bank of India NEFT/RTGS file upload in text format: a FILEHDR line (corporate id, file serial), then per
    // payment: type, remitter IFSC, debit account, receiver IFSC, beneficiary account, currency, amount, remarks,
    // beneficiary name, e-mail, mobile.
    name: 'Union Bank of India NEFT/RTGS upload (text)',
    bankName: 'Union Bank of India',
    fileType: 'csv',
    delimiter: '|',
    headingRow: false,
    headerRows: ['FILEHDR|{clientCode}|1'],
    columns: [
      { heading: 'Payment Type', source: 'constant', value: 'NEFT' },
      { heading: 'Payee IFSC Code', source: 'debitIfsc', width: 12 },
      { heading: 'Debit Account Number', source: 'debitAccount', width: 24 },
      { heading: 'Receiver IFSC Code', source: 'ifsc', width: 12 },
      { heading: 'Beneficiary Account Number', source: 'accountNumber', width: 24 },
      { heading: 'Transaction Currency', source: 'constant', value: 'INR' },
      { heading: 'Transaction Amount', source: 'amount', width: 14 },
      { heading: 'Tran Remarks', source: 'narration', width: 140 },
      { heading: 'Beneficiary Name', source: 'name', width: 40 },
      { heading: 'User Email ID', source: 'email', width: 80 },
      { heading: 'Remarks', source: 'mobile', width: 20 },
    ],
    dateFormat: 'DD/MM/YYYY',
    fileExtension: 'txt',
    source:
      'Union Bank of India "NEFT/RTGS File Upload in TEXT Format" (https://www.scribd.com/document/729734128/Sample-NEFT-Format-txt-File)',
  },
];

/** Writes the built-in layouts that are missing (by name). Idempotent; run by the demo seed and on every start. */
export async function ensureBankLayouts(db: Db): Promise<void> {
  for (const input of BUILT_IN) {
    const v = ZBankLayoutInput.parse(input);
    await db
      .insert(bankFileLayouts)
      .values({ ...v, bankName: v.bankName ?? null, source: v.source ?? null, isBuiltIn: true })
      .onConflictDoNothing();
  }
}

type LayoutRow = typeof bankFileLayouts.$inferSelect;

export function layoutView(r: LayoutRow): TBankLayout {
  return {
    id: r.id,
    name: r.name,
    bankName: r.bankName,
    fileType: r.fileType as TBankLayout['fileType'],
    delimiter: r.delimiter,
    headingRow: r.headingRow,
    headerRows: r.headerRows,
    columns: r.columns as TBankLayout['columns'],
    dateFormat: r.dateFormat,
    fileExtension: r.fileExtension,
    source: r.source,
    isBuiltIn: r.isBuiltIn,
  };
}

export async function listLayouts(db: Db): Promise<TBankLayout[]> {
  const rows = await db
    .select()
    .from(bankFileLayouts)
    .where(eq(bankFileLayouts.isActive, true))
    .orderBy(sql`${bankFileLayouts.isBuiltIn} desc`, asc(bankFileLayouts.name));
  return rows.map(layoutView);
}

/** The layout asked for (404 when missing or retired), or the generic one. */
export async function loadLayout(db: Db, id: number | undefined): Promise<TBankLayout> {
  const [row] = await db
    .select()
    .from(bankFileLayouts)
    .where(id ? eq(bankFileLayouts.id, id) : eq(bankFileLayouts.name, GENERIC_LAYOUT_NAME));
  if (!row?.isActive) throw new NotFound('Bank file layout not found');
  return layoutView(row);
}
