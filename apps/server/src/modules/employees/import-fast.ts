// The employee import's fast path (issue 30): a row's payload accepted without running ZEmployeeInput through zod,
// when every value is one this function is sure the schema takes — the same formats (the contract's own regular
// expressions, enums and text rules) and the same transforms, giving the object toValues(ZEmployeeInput.parse(raw))
// gives. Anything else (a value to refuse, a rare field such as the EPF wages at joining, a shape it does not know)
// answers null and the row goes through zod, so every error message and field error still comes from the contract
// schema. import-fast.test.ts checks both against each other (every generated row and mutations of each field), so
// a change of the schema that this function does not follow fails there.

import {
  ACCOUNT_NO_RE,
  BLOOD_GROUPS,
  EMPLOYEE_CODE_RE,
  EMPLOYEE_STATUSES,
  ESI_RE,
  GENDERS,
  IFSC_RE,
  isRealIsoDate,
  isValidAadhaar,
  LINE_CONTROL_CHARS,
  MOBILE_RE,
  normaliseAadhaar,
  PAN_RE,
  PINCODE_RE,
  TEXT_CONTROL_CHARS,
  UAN_RE,
} from '@hr/contract';
import { z } from 'zod';
import type { EmployeeValues } from './service';

/** Returned by a field's check when zod must decide (the value may be refused, or is one this path leaves to zod). */
const NO = Symbol('zod decides');
type Out<T> = T | typeof NO;

const EMAIL_RE = z.regexes.email;
const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;
const DEVICE_PIN_RE = /^[A-Za-z0-9]{1,20}$/;
const GENDER_SET = new Set<unknown>(GENDERS);
const BLOOD_SET = new Set<unknown>(BLOOD_GROUPS);
const STATUS_SET = new Set<unknown>(EMPLOYEE_STATUSES);

/** optId: a positive safe integer, or null when not given. */
const optId = (v: unknown): Out<number | null> => (v == null ? null : typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : NO);
/** A required id (z.coerce.number().int().positive()), taken here only as a number. */
const reqId = (v: unknown): Out<number> => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : NO);
/** optFormat(re, msg, trim): '' and null → null, else the trimmed text matching `re`. */
const optFormat = (v: unknown, re: RegExp, upper = false): Out<string | null> => {
  if (v == null || v === '') return null;
  if (typeof v !== 'string') return NO;
  const t = upper ? v.trim().toUpperCase() : v.trim();
  return re.test(t) ? t : NO;
};
/** optText / optLines: trimmed text without the refused control characters, at most `max`; '' → null. */
const optText = (v: unknown, max: number, control: RegExp): Out<string | null> => {
  if (v == null) return null;
  if (typeof v !== 'string') return NO;
  const t = v.trim();
  if (t.length > max || control.test(t)) return NO;
  return t === '' ? null : t;
};
/** ZIsoDate: a real day as YYYY-MM-DD (not trimmed). */
const isoDate = (v: unknown): Out<string> => (typeof v === 'string' && ISO_RE.test(v) && isRealIsoDate(v) ? v : NO);
/** optDate: an ISO date, or '' / null → null. */
const optDate = (v: unknown): Out<string | null> => (v == null || v === '' ? null : isoDate(v));
const bool = (v: unknown, dflt: boolean): Out<boolean> => (v === undefined ? dflt : typeof v === 'boolean' ? v : NO);

function weeklyOffs(v: unknown): Out<number[]> {
  if (v === undefined) return [0];
  if (!Array.isArray(v) || v.length > 14) return NO;
  for (const c of v) if (!(Number.isSafeInteger(c) && ((c >= 0 && c <= 6) || (c >= 10 && c <= 66 && c % 10 <= 6)))) return NO;
  return v.slice();
}

function email(v: unknown): Out<string | null> {
  if (v == null) return null;
  if (typeof v !== 'string') return NO;
  const t = v.trim();
  if (t.length > 200) return NO;
  if (t === '') return null;
  const lower = t.toLowerCase();
  return EMAIL_RE.test(lower) ? lower : NO;
}

function aadhaar(v: unknown): Out<string | null> {
  if (v == null || v === '') return null;
  if (typeof v !== 'string') return NO;
  const n = normaliseAadhaar(v);
  return isValidAadhaar(n) ? n : NO;
}

/**
 * The values toValues(ZEmployeeInput.parse(raw)) would give, or null when zod must check the row (it may refuse it).
 * `raw` is the import's payload of one row (import-check.ts checkRow).
 */
export function fastEmployeeValues(raw: Record<string, unknown>): EmployeeValues | null {
  const name = raw.name;
  const code = raw.employeeCode;
  if (typeof name !== 'string' || typeof code !== 'string') return null;
  const nameT = name.trim();
  if (nameT.length < 2 || nameT.length > 150 || LINE_CONTROL_CHARS.test(nameT)) return null;
  const codeT = code.trim();
  if (!EMPLOYEE_CODE_RE.test(codeT)) return null;
  const mobile = typeof raw.mobile === 'string' ? raw.mobile.trim() : '';
  if (!MOBILE_RE.test(mobile)) return null;
  if (!GENDER_SET.has(raw.gender)) return null;
  const bloodGroup = raw.bloodGroup == null || raw.bloodGroup === '' ? null : BLOOD_SET.has(raw.bloodGroup) ? raw.bloodGroup : NO;
  const status = raw.status === undefined ? 'active' : STATUS_SET.has(raw.status) ? raw.status : NO;
  // Left to zod: the EPF wages at joining (text to rupees) and the EPF first joined date (rare in an import).
  if (raw.epfWagesAtJoining != null || raw.epfFirstJoined != null) return null;
  const payModeId =
    raw.payModeId === undefined ? 2 : raw.payModeId === 1 || raw.payModeId === 2 || raw.payModeId === 3 ? raw.payModeId : NO;
  const deviceUserId = raw.deviceUserId == null || raw.deviceUserId === '' ? null : optFormat(raw.deviceUserId, DEVICE_PIN_RE);
  const aadhaarNo = aadhaar(raw.aadhaar);
  const v = {
    mobileCodeId: optId(raw.mobileCodeId),
    mobile,
    alternateMobile: optFormat(raw.alternateMobile, MOBILE_RE),
    email: email(raw.email),
    presentAddress: optText(raw.presentAddress, 500, TEXT_CONTROL_CHARS),
    presentCountryId: optId(raw.presentCountryId),
    presentStateId: optId(raw.presentStateId),
    presentCityId: optId(raw.presentCityId),
    presentAreaId: optId(raw.presentAreaId),
    presentPincode: optFormat(raw.presentPincode, PINCODE_RE),
    permanentAddress: optText(raw.permanentAddress, 500, TEXT_CONTROL_CHARS),
    permanentCountryId: optId(raw.permanentCountryId),
    permanentStateId: optId(raw.permanentStateId),
    permanentCityId: optId(raw.permanentCityId),
    permanentAreaId: optId(raw.permanentAreaId),
    permanentPincode: optFormat(raw.permanentPincode, PINCODE_RE),
    emergencyContactName: optText(raw.emergencyContactName, 150, LINE_CONTROL_CHARS),
    emergencyContactRelation: optText(raw.emergencyContactRelation, 60, LINE_CONTROL_CHARS),
    emergencyContactMobile: optFormat(raw.emergencyContactMobile, MOBILE_RE),
    name: nameT,
    fatherName: optText(raw.fatherName, 150, LINE_CONTROL_CHARS),
    gender: raw.gender,
    dateOfBirth: isoDate(raw.dateOfBirth),
    maritalStatusId: optId(raw.maritalStatusId),
    bloodGroup,
    employeeCode: codeT,
    unitId: reqId(raw.unitId),
    departmentId: reqId(raw.departmentId),
    designationId: reqId(raw.designationId),
    categoryId: optId(raw.categoryId),
    positionId: optId(raw.positionId),
    jobNatureId: optId(raw.jobNatureId),
    divisionId: optId(raw.divisionId),
    regionId: optId(raw.regionId),
    dateOfJoining: isoDate(raw.dateOfJoining),
    confirmationDate: optDate(raw.confirmationDate),
    reportingManagerId: optId(raw.reportingManagerId),
    shiftId: optId(raw.shiftId),
    weeklyOffs: weeklyOffs(raw.weeklyOffs),
    deviceUserId,
    status,
    exitDate: optDate(raw.exitDate),
    exitReason: optText(raw.exitReason, 300, TEXT_CONTROL_CHARS),
    pan: optFormat(raw.pan, PAN_RE, true),
    uan: optFormat(raw.uan, UAN_RE),
    pfNumber: optText(raw.pfNumber, 40, LINE_CONTROL_CHARS),
    esiNumber: optFormat(raw.esiNumber, ESI_RE),
    pfApplicable: bool(raw.pfApplicable, false),
    esiApplicable: bool(raw.esiApplicable, false),
    ptApplicable: bool(raw.ptApplicable, true),
    pfRestrictToCeiling: bool(raw.pfRestrictToCeiling, true),
    epfFirstJoined: null,
    epfWagesAtJoining: null,
    epsPriorMember: bool(raw.epsPriorMember, false),
    isDisabled: bool(raw.isDisabled, false),
    payModeId,
    bankAccountNo: optFormatAccount(raw.bankAccountNo),
    ifsc: optFormat(raw.ifsc, IFSC_RE, true),
    bankName: optText(raw.bankName, 120, LINE_CONTROL_CHARS),
    bankBranch: optText(raw.bankBranch, 120, LINE_CONTROL_CHARS),
    educationModeId: optId(raw.educationModeId),
    academicDomainId: optId(raw.academicDomainId),
    academicStatusId: optId(raw.academicStatusId),
    fellowshipStatusId: optId(raw.fellowshipStatusId),
    patentStatusId: optId(raw.patentStatusId),
    responsibilityId: optId(raw.responsibilityId),
    writtenId: optId(raw.writtenId),
  };
  for (const key in v) if (v[key as keyof typeof v] === NO) return null;
  if (aadhaarNo === NO) return null;
  if (!crossFieldsPass(v)) return null;
  const values = v as unknown as EmployeeValues;
  if (aadhaarNo) values.aadhaarLast4 = aadhaarNo.slice(-4);
  return values;
}

/** ZEmployeeInput's cross-field rules: a row one of them refuses goes to zod for its message. */
function crossFieldsPass(v: Record<string, unknown>): boolean {
  const exitDate = v.exitDate as string | null;
  const confirmationDate = v.confirmationDate as string | null;
  const doj = v.dateOfJoining as string;
  if (v.status === 'exited' && !exitDate) return false;
  if (exitDate && exitDate < doj) return false;
  if (confirmationDate && confirmationDate < doj) return false;
  if ((v.dateOfBirth as string) >= doj) return false;
  if (v.esiApplicable && !v.esiNumber) return false;
  if (v.payModeId === 2 && (!v.bankAccountNo || !v.ifsc)) return false;
  return true;
}

/** optFormat(ACCOUNT_NO_RE, msg, without white space). */
function optFormatAccount(v: unknown): Out<string | null> {
  if (v == null || v === '') return null;
  if (typeof v !== 'string') return NO;
  const t = v.replace(/\s/g, '');
  return ACCOUNT_NO_RE.test(t) ? t : NO;
}
