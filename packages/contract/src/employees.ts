import { z } from 'zod';
import { ZApprovalHistoryLine } from './approvals';
import { ZIsoDate } from './dates';
import { IDENTIFIER_SHAPES, identifierMessage } from './identifiers';
import { ZIdQuery, ZSearchText } from './ids';
import { ZNewPassword } from './password';
import { zLine, zLines } from './text';

// ---------------------------------------------------------------------------------------------
// Format checks (shared by the API, the web form and the bulk import)
// ---------------------------------------------------------------------------------------------

// PAN, IFSC and PIN code are the shared identifier shapes (identifiers.ts).
export const PAN_RE = IDENTIFIER_SHAPES.pan.re;
export const IFSC_RE = IDENTIFIER_SHAPES.ifsc.re;
/** Indian mobile number without the country code: 10 digits starting 6–9. */
export const MOBILE_RE = /^[6-9][0-9]{9}$/;
export const UAN_RE = /^[0-9]{12}$/;
export const ESI_RE = /^[0-9]{10}([0-9]{7})?$/;
export const ACCOUNT_NO_RE = /^[0-9]{9,18}$/;
export const PINCODE_RE = IDENTIFIER_SHAPES.pincode.re;
export const EMPLOYEE_CODE_RE = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,29}$/;

// Verhoeff tables (Aadhaar's last digit is a Verhoeff check digit).
const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The Verhoeff check digit for a string of digits. */
export function verhoeffDigit(digits: string): number {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = VD[c][VP[(i + 1) % 8][Number(rev[i])]];
  return VINV[c];
}

/** Strips spaces and hyphens a user may type in an Aadhaar number. */
export const normaliseAadhaar = (v: string) => v.replace(/[\s-]/g, '');

/** 12 digits, not starting with 0 or 1, with a valid Verhoeff check digit. */
export function isValidAadhaar(raw: string): boolean {
  const v = normaliseAadhaar(raw);
  if (!/^[2-9][0-9]{11}$/.test(v)) return false;
  return verhoeffDigit(v.slice(0, 11)) === Number(v[11]);
}

/** 'XXXX XXXX 1234' for display; only the last four digits are ever stored. */
export const maskAadhaar = (last4: string | null | undefined) => (last4 ? `XXXX XXXX ${last4}` : '');

export const EMPLOYEE_MSG = {
  pan: identifierMessage('PAN', 'pan'),
  ifsc: identifierMessage('IFSC', 'ifsc'),
  aadhaar: 'Aadhaar must be 12 digits with a valid check digit',
  mobile: 'Mobile must be 10 digits starting with 6, 7, 8 or 9',
  uan: 'UAN must be 12 digits',
  esi: 'ESI number must be 10 or 17 digits',
  epfWages: 'EPF wages at joining must be an amount in rupees (at most two decimals, up to ₹1,00,00,000)',
  accountNo: 'Account number must be 9 to 18 digits',
  pincode: identifierMessage('PIN code', 'pincode'),
  code: 'Employee code: letters, digits and / _ . - only (max 30)',
  email: 'Enter a valid e-mail address',
};

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const EMPLOYEE_STATUSES = ['active', 'onNotice', 'exited'] as const;
export const STATUS_LABEL: Record<(typeof EMPLOYEE_STATUSES)[number], string> = {
  active: 'Active',
  onNotice: 'On notice',
  exited: 'Exited',
};
/** payModeId as the payslip reads it: 2 = bank ('Through Bank'), anything else cash. */
export const PAY_MODES = [
  { id: 1, name: 'Cash' },
  { id: 2, name: 'Bank' },
  { id: 3, name: 'Cheque' },
] as const;
export const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

const upperTrim = (s: string) => s.trim().toUpperCase();
/** Optional one-line text: '' and null both mean "none" and arrive at the server as null. */
const optText = (max: number) =>
  zLine()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** Optional text of several lines (an address, a reason): the same, line breaks allowed. */
const optLines = (max: number) =>
  zLines()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optFormat = (re: RegExp, msg: string, norm: (s: string) => string = upperTrim) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? norm(v) : null))
    .refine((v) => v === null || re.test(v), msg);
const optId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);
/** Optional rupees with at most two decimals (a form's text or a number; '' and null: none). */
const optRupees = (msg: string) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 10_000_000 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6), msg);
/** 'YYYY-MM-DD' naming a day of the calendar (not 2015-13-01 or 2015-02-30). */
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const isoDate = ZIsoDate('Use the date format YYYY-MM-DD');
const optDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

/** An e-mail address's form, built once (a schema made per value cost more than the check). */
const ZEmail = z.email();

/** Contact fields an employee may change on My profile. */
export const ZEmployeeContact = z.object({
  mobileCodeId: optId,
  mobile: z.string().trim().regex(MOBILE_RE, EMPLOYEE_MSG.mobile),
  alternateMobile: optFormat(MOBILE_RE, EMPLOYEE_MSG.mobile, (s) => s.trim()),
  email: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || ZEmail.safeParse(v).success, EMPLOYEE_MSG.email),
  presentAddress: optLines(500),
  presentCountryId: optId,
  presentStateId: optId,
  presentCityId: optId,
  presentAreaId: optId,
  presentPincode: optFormat(PINCODE_RE, EMPLOYEE_MSG.pincode, (s) => s.trim()),
  permanentAddress: optLines(500),
  permanentCountryId: optId,
  permanentStateId: optId,
  permanentCityId: optId,
  permanentAreaId: optId,
  permanentPincode: optFormat(PINCODE_RE, EMPLOYEE_MSG.pincode, (s) => s.trim()),
  emergencyContactName: optText(150),
  emergencyContactRelation: optText(60),
  emergencyContactMobile: optFormat(MOBILE_RE, EMPLOYEE_MSG.mobile, (s) => s.trim()),
});
export type TEmployeeContact = z.infer<typeof ZEmployeeContact>;
export const CONTACT_FIELDS = Object.keys(ZEmployeeContact.shape) as (keyof TEmployeeContact)[];

export const ZEmployeeBase = ZEmployeeContact.extend({
  // personal
  name: zLine().min(2, 'Name is required').max(150),
  fatherName: optText(150),
  gender: z.enum(GENDERS, 'Choose a gender'),
  dateOfBirth: isoDate,
  maritalStatusId: optId,
  bloodGroup: z
    .enum(BLOOD_GROUPS)
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  // job
  employeeCode: z.string().trim().regex(EMPLOYEE_CODE_RE, EMPLOYEE_MSG.code),
  unitId: z.coerce.number().int().positive('Choose a unit'),
  departmentId: z.coerce.number().int().positive('Choose a department'),
  designationId: z.coerce.number().int().positive('Choose a designation'),
  categoryId: optId,
  positionId: optId,
  jobNatureId: optId,
  divisionId: optId,
  regionId: optId,
  dateOfJoining: isoDate,
  confirmationDate: optDate,
  reportingManagerId: optId,
  shiftId: optId,
  /**
   * Weekly offs: 0 = Sunday … 6 = Saturday every week; 10·w + d the w-th (1–5) weekday d of the month and
   * 60 + d its last (26 and 46: the 2nd and 4th Saturday). Read by @hr/attendance `weeklyOffsOf`.
   */
  weeklyOffs: z
    .array(
      z
        .number()
        .int()
        .refine((c) => (c >= 0 && c <= 6) || (c >= 10 && c <= 66 && c % 10 <= 6), 'Not a weekly off'),
    )
    .max(14)
    .default([0]),
  /** The PIN the biometric terminal knows this employee by; empty: the employee code. */
  deviceUserId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'Letters and digits, at most 20')
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  status: z.enum(EMPLOYEE_STATUSES).default('active'),
  exitDate: optDate,
  exitReason: optLines(300),
  // statutory
  pan: optFormat(PAN_RE, EMPLOYEE_MSG.pan),
  /** Write-only: the full number is checked, then only its last four digits are stored. Empty keeps the stored one. */
  aadhaar: z
    .string()
    .nullish()
    .transform((v) => (v ? normaliseAadhaar(v) : null))
    .refine((v) => v === null || isValidAadhaar(v), EMPLOYEE_MSG.aadhaar),
  uan: optFormat(UAN_RE, EMPLOYEE_MSG.uan, (s) => s.trim()),
  pfNumber: optText(40),
  esiNumber: optFormat(ESI_RE, EMPLOYEE_MSG.esi, (s) => s.trim()),
  pfApplicable: z.boolean().default(false),
  esiApplicable: z.boolean().default(false),
  ptApplicable: z.boolean().default(true),
  /** PF on wages up to the statutory ceiling (₹15,000) only; off: on the full PF wages. */
  pfRestrictToCeiling: z.boolean().default(true),
  /** The day the employee first became an EPF member anywhere (an earlier employer's too): EPS eligibility. */
  epfFirstJoined: optDate.refine((v) => v === null || isRealDate(v), 'EPF first joined is not a real date'),
  /** Monthly PF wages when first joining EPF, rupees (stored as paise). */
  epfWagesAtJoining: optRupees(EMPLOYEE_MSG.epfWages),
  /** Already an EPS member in an earlier employment. */
  epsPriorMember: z.boolean().default(false),
  /** A person with disability (ESI's higher wage ceiling). */
  isDisabled: z.boolean().default(false),
  // bank
  payModeId: z.coerce.number().int().min(1).max(3).default(2),
  bankAccountNo: optFormat(ACCOUNT_NO_RE, EMPLOYEE_MSG.accountNo, (s) => s.replace(/\s/g, '')),
  ifsc: optFormat(IFSC_RE, EMPLOYEE_MSG.ifsc),
  bankName: optText(120),
  bankBranch: optText(120),
  // academic (campuses)
  educationModeId: optId,
  academicDomainId: optId,
  academicStatusId: optId,
  fellowshipStatusId: optId,
  patentStatusId: optId,
  responsibilityId: optId,
  writtenId: optId,
});

export const ZEmployeeInput = ZEmployeeBase.superRefine((v, ctx) => {
  if (v.status === 'exited' && !v.exitDate) ctx.addIssue({ code: 'custom', path: ['exitDate'], message: 'Exit date is required' });
  if (v.exitDate && v.exitDate < v.dateOfJoining)
    ctx.addIssue({ code: 'custom', path: ['exitDate'], message: 'Exit date is before the date of joining' });
  if (v.confirmationDate && v.confirmationDate < v.dateOfJoining)
    ctx.addIssue({ code: 'custom', path: ['confirmationDate'], message: 'Confirmation date is before the date of joining' });
  if (v.dateOfBirth >= v.dateOfJoining)
    ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Date of birth must be before the date of joining' });
  if (v.epfFirstJoined && v.epfFirstJoined <= v.dateOfBirth)
    ctx.addIssue({ code: 'custom', path: ['epfFirstJoined'], message: 'EPF first joined date must be after the date of birth' });
  if (v.epfWagesAtJoining !== null && !v.epfFirstJoined)
    ctx.addIssue({ code: 'custom', path: ['epfFirstJoined'], message: 'Enter the EPF first joined date for the wages at joining' });
  // The ESI file names each covered employee by the ESI number (IP number): asked for whenever ESI applies (issue 28).
  if (v.esiApplicable && !v.esiNumber)
    ctx.addIssue({ code: 'custom', path: ['esiNumber'], message: 'ESI number is required when ESI applies' });
  if (v.payModeId === 2) {
    if (!v.bankAccountNo) ctx.addIssue({ code: 'custom', path: ['bankAccountNo'], message: 'Account number is required for bank payment' });
    if (!v.ifsc) ctx.addIssue({ code: 'custom', path: ['ifsc'], message: 'IFSC is required for bank payment' });
  }
});
export type TEmployeeInput = z.input<typeof ZEmployeeInput>;
export type TEmployeeInputParsed = z.output<typeof ZEmployeeInput>;

/** Fields only an administrator (a change request) may change for a self-service employee. */
export const BANK_STATUTORY_FIELDS = [
  'pan',
  'aadhaar',
  'uan',
  'pfNumber',
  'esiNumber',
  'payModeId',
  'bankAccountNo',
  'ifsc',
  'bankName',
  'bankBranch',
] as const;

/** An employee as read back. Aadhaar is only ever its masked last four digits. */
export const ZEmployee = z.object({
  id: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  fatherName: z.string().nullable(),
  gender: z.string(),
  dateOfBirth: z.string(),
  maritalStatusId: z.number().nullable(),
  bloodGroup: z.string().nullable(),
  mobileCodeId: z.number().nullable(),
  mobile: z.string(),
  alternateMobile: z.string().nullable(),
  email: z.string().nullable(),
  presentAddress: z.string().nullable(),
  presentCountryId: z.number().nullable(),
  presentStateId: z.number().nullable(),
  presentCityId: z.number().nullable(),
  presentAreaId: z.number().nullable(),
  presentPincode: z.string().nullable(),
  permanentAddress: z.string().nullable(),
  permanentCountryId: z.number().nullable(),
  permanentStateId: z.number().nullable(),
  permanentCityId: z.number().nullable(),
  permanentAreaId: z.number().nullable(),
  permanentPincode: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactRelation: z.string().nullable(),
  emergencyContactMobile: z.string().nullable(),
  hasPhoto: z.boolean(),
  unitId: z.number(),
  departmentId: z.number(),
  designationId: z.number(),
  categoryId: z.number().nullable(),
  positionId: z.number().nullable(),
  jobNatureId: z.number().nullable(),
  divisionId: z.number().nullable(),
  regionId: z.number().nullable(),
  dateOfJoining: z.string(),
  confirmationDate: z.string().nullable(),
  reportingManagerId: z.number().nullable(),
  shiftId: z.number().nullable(),
  weeklyOffs: z.array(z.number()),
  deviceUserId: z.string().nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
  exitDate: z.string().nullable(),
  exitReason: z.string().nullable(),
  pan: z.string().nullable(),
  aadhaarMasked: z.string(),
  uan: z.string().nullable(),
  pfNumber: z.string().nullable(),
  esiNumber: z.string().nullable(),
  pfApplicable: z.boolean(),
  esiApplicable: z.boolean(),
  ptApplicable: z.boolean(),
  pfRestrictToCeiling: z.boolean(),
  epfFirstJoined: z.string().nullable(),
  /** Rupees. */
  epfWagesAtJoining: z.number().nullable(),
  epsPriorMember: z.boolean(),
  isDisabled: z.boolean(),
  payModeId: z.number(),
  bankAccountNo: z.string().nullable(),
  ifsc: z.string().nullable(),
  bankName: z.string().nullable(),
  bankBranch: z.string().nullable(),
  educationModeId: z.number().nullable(),
  academicDomainId: z.number().nullable(),
  academicStatusId: z.number().nullable(),
  fellowshipStatusId: z.number().nullable(),
  patentStatusId: z.number().nullable(),
  responsibilityId: z.number().nullable(),
  writtenId: z.number().nullable(),
  /** Display names of the references, for read-only views and the ID card. */
  unitName: z.string(),
  unitCode: z.string(),
  departmentName: z.string(),
  designationName: z.string(),
  reportingManagerName: z.string().nullable(),
  /** The linked sign-in account, when one exists. */
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  updatedAt: z.string(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

export const EMPLOYEE_SORTS = ['employeeCode', 'name', 'unitName', 'departmentName', 'designationName', 'dateOfJoining', 'status'] as const;

export const ZEmployeeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(EMPLOYEE_SORTS).default('employeeCode'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Matches name, employee code or mobile. */
  search: ZSearchText.optional(),
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  designationId: ZIdQuery.optional(),
  categoryId: ZIdQuery.optional(),
  status: z.enum(EMPLOYEE_STATUSES).optional(),
});
export type TEmployeeListQuery = z.input<typeof ZEmployeeListQuery>;

export const ZEmployeeListRow = z.object({
  id: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  unitId: z.number(),
  unitName: z.string(),
  departmentName: z.string(),
  designationName: z.string(),
  dateOfJoining: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  hasPhoto: z.boolean(),
});
export type TEmployeeListRow = z.infer<typeof ZEmployeeListRow>;

export const ZEmployeeList = z.object({
  rows: z.array(ZEmployeeListRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TEmployeeList = z.infer<typeof ZEmployeeList>;

export const ZCreateUserAccount = z.object({
  userName: zLine().min(3).max(80),
  password: ZNewPassword,
  /** Defaults to the self-service (Employee) role. */
  roleId: ZIdQuery.optional(),
});
export type TCreateUserAccount = z.infer<typeof ZCreateUserAccount>;

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

export const ZEmployeeDocument = z.object({
  id: z.number(),
  employeeId: z.number(),
  docTypeId: z.number(),
  docTypeName: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type TEmployeeDocument = z.infer<typeof ZEmployeeDocument>;

export const ZEmployeeDocumentStatus = z.object({
  documents: z.array(ZEmployeeDocument),
  /** Document types the unit-wise map makes mandatory for this employee's unit, with whether one is uploaded. */
  required: z.array(z.object({ docTypeId: z.number(), docTypeName: z.string(), isMandatory: z.boolean(), uploaded: z.boolean() })),
  missingMandatory: z.array(z.object({ docTypeId: z.number(), docTypeName: z.string() })),
  /** Every document type that may be uploaded, with its allowed kinds and size limit. */
  docTypes: z.array(z.lazy(() => ZEmployeeDocType)),
});
export type TEmployeeDocumentStatus = z.infer<typeof ZEmployeeDocumentStatus>;

// ---------------------------------------------------------------------------------------------
// My profile change requests (bank and statutory fields)
// ---------------------------------------------------------------------------------------------

export const ZProfileChangeRequestInput = z.object({
  changes: z.partialRecord(z.enum(BANK_STATUTORY_FIELDS), z.union([z.string(), z.number(), z.null()])),
  reason: zLines().max(300).optional(),
});
export type TProfileChangeRequestInput = z.infer<typeof ZProfileChangeRequestInput>;

export const ZProfileChangeRequest = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  /** Aadhaar appears only masked (the request keeps its last four digits, never the full number). */
  changes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Every step (submitted, approved / rejected) with who, when and the remark. */
  history: z.array(ZApprovalHistoryLine),
});
export type TProfileChangeRequest = z.infer<typeof ZProfileChangeRequest>;

export const ZDecideChangeRequest = z
  .object({
    approve: z.boolean(),
    /** Required to reject: the employee reads why. */
    note: zLines().max(300).optional(),
  })
  .refine((d) => d.approve || (d.note ?? '').length > 0, { message: 'Say why the request is rejected', path: ['note'] });

// ---------------------------------------------------------------------------------------------
// Bulk import
// ---------------------------------------------------------------------------------------------

export const ZImportError = z.object({
  /** Row number as the spreadsheet shows it (header = 1). */
  row: z.number(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;

export const ZImportResult = z.object({
  ok: z.boolean(),
  rowsRead: z.number(),
  imported: z.number(),
  errors: z.array(ZImportError),
  /** Rows with at least one error. */
  errorRows: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** POST /api/employees/import/error-report: the errors of a failed import back as an .xlsx file. */
export const ZImportErrorReportRequest = z.object({ errors: z.array(ZImportError).max(200_000) });

export const ZEmployeeDocType = z.object({
  id: z.number(),
  name: z.string(),
  /** 'pdf' | 'jpg' | 'png' */
  allowed: z.array(z.string()),
  maxBytes: z.number(),
});
export type TEmployeeDocType = z.infer<typeof ZEmployeeDocType>;

export const ZEmployeeOption = z.object({ id: z.number(), name: z.string(), employeeCode: z.string() });

// ---------------------------------------------------------------------------------------------
// ID card
// ---------------------------------------------------------------------------------------------

export const ZIdCard = z.object({
  employeeId: z.number(),
  name: z.string(),
  employeeCode: z.string(),
  designation: z.string(),
  department: z.string(),
  unit: z.string(),
  bloodGroup: z.string().nullable(),
  /** data: URL of the photo, or null. */
  photo: z.string().nullable(),
  address: z.string(),
  emergencyContact: z.string(),
  mobile: z.string(),
  validUntil: z.string(),
});
export type TIdCard = z.infer<typeof ZIdCard>;

export const ZIdCardBatch = z.object({
  organisationName: z.string(),
  organisationAddress: z.string(),
  /** data: URL of the organisation logo, or null for the default one. */
  logo: z.string().nullable(),
  cards: z.array(ZIdCard),
});
export type TIdCardBatch = z.infer<typeof ZIdCardBatch>;
