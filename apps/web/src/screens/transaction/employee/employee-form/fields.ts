// The employee form's fields by tab, the values it starts from, and its check: the contract's ZEmployeeInput, the
// schema POST /api/employees and /api/employees/:id validate with, on the body the form sends.
import { type TEmployee, type TEmployeeInputParsed, ZEmployeeInput } from '@hr/contract';
import { z } from 'zod';
import type { Values } from '@/components/employee/fields';
import { contractResolver } from '@/lib/form';

export const TAB_OF: Record<string, string> = {};
const tabFields: Record<string, string[]> = {
  personal: [
    'name',
    'fatherName',
    'gender',
    'dateOfBirth',
    'maritalStatusId',
    'bloodGroup',
    'mobileCodeId',
    'mobile',
    'alternateMobile',
    'email',
    'presentAddress',
    'presentCountryId',
    'presentStateId',
    'presentCityId',
    'presentAreaId',
    'presentPincode',
    'permanentAddress',
    'permanentCountryId',
    'permanentStateId',
    'permanentCityId',
    'permanentAreaId',
    'permanentPincode',
    'emergencyContactName',
    'emergencyContactRelation',
    'emergencyContactMobile',
  ],
  job: [
    'employeeCode',
    'unitId',
    'departmentId',
    'designationId',
    'categoryId',
    'positionId',
    'jobNatureId',
    'divisionId',
    'regionId',
    'dateOfJoining',
    'confirmationDate',
    'reportingManagerId',
    'shiftId',
    'deviceUserId',
    'weeklyOffs',
    'status',
    'exitDate',
    'exitReason',
  ],
  statutory: [
    'pan',
    'aadhaar',
    'uan',
    'pfNumber',
    'esiNumber',
    'pfApplicable',
    'esiApplicable',
    'ptApplicable',
    'pfRestrictToCeiling',
    'epfFirstJoined',
    'epfWagesAtJoining',
    'epsPriorMember',
    'isDisabled',
  ],
  bank: ['payModeId', 'bankAccountNo', 'ifsc', 'bankName', 'bankBranch'],
  academic: [
    'educationModeId',
    'academicDomainId',
    'academicStatusId',
    'fellowshipStatusId',
    'patentStatusId',
    'responsibilityId',
    'writtenId',
  ],
};
for (const [tab, fields] of Object.entries(tabFields)) for (const f of fields) TAB_OF[f] = tab;
/** The fields the form sends (every tab's). */
export const INPUT_KEYS = Object.values(tabFields).flat();

export const EMPTY: Values = {
  gender: '',
  weeklyOffs: [0],
  status: 'active',
  payModeId: 2,
  pfApplicable: false,
  esiApplicable: false,
  ptApplicable: true,
  pfRestrictToCeiling: true,
  epsPriorMember: false,
  isDisabled: false,
};

export function valuesOf(e: TEmployee): Values {
  const v: Values = {};
  for (const k of INPUT_KEYS) v[k] = (e as unknown as Values)[k] ?? null;
  v.aadhaar = '';
  return v;
}

/** Drops empty strings to null and keeps only input fields. */
export function payloadOf(values: Values): Values {
  const out: Values = {};
  for (const k of INPUT_KEYS) {
    const v = values[k];
    out[k] = v === '' ? null : v;
  }
  return out;
}

/** The form's check: what the inputs hold, sent as payloadOf sends it, checked by the contract; the submit gets its output. */
export const EMPLOYEE_RESOLVER = contractResolver<Values, TEmployeeInputParsed>(
  z.preprocess((v) => payloadOf(v as Values), ZEmployeeInput),
);

/** The first tab holding one of these fields in error (a nested key such as `weeklyOffs.0` counts for its field). */
export function firstErrorTab(fields: readonly string[]): string | undefined {
  for (const f of fields) {
    const tab = TAB_OF[f.split('.')[0] ?? ''];
    if (tab) return tab;
  }
  return undefined;
}
