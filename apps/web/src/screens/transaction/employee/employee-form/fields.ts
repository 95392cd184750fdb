import type { TEmployee } from '@hr/contract';
import type { Values } from '@/components/employee/fields';

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
const INPUT_KEYS = Object.values(tabFields).flat();

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
