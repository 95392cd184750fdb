import { z } from 'zod';
import { ZIsoDate } from '../dates';
import { zLine, zLines } from '../text';
import { BLOOD_GROUPS, EMPLOYEE_STATUSES, GENDERS } from './enums';
import {
  ACCOUNT_NO_RE,
  EMPLOYEE_CODE_RE,
  EMPLOYEE_MSG,
  ESI_RE,
  IFSC_RE,
  isValidAadhaar,
  MOBILE_RE,
  normaliseAadhaar,
  PAN_RE,
  PINCODE_RE,
  UAN_RE,
} from './formats';

// An employee's record as created and changed (the form, the API and the bulk import), and the contact fields
// an employee changes on My profile.

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
