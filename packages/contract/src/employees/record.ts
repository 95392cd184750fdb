import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { ZNewPassword } from '../password';
import { zLine } from '../text';
import { EMPLOYEE_STATUSES } from './enums';

// An employee as read back, and the sign-in account made for one.

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

export const ZCreateUserAccount = z.object({
  userName: zLine().min(3).max(80),
  password: ZNewPassword,
  /** Defaults to the self-service (Employee) role. */
  roleId: ZIdQuery.optional(),
});
export type TCreateUserAccount = z.infer<typeof ZCreateUserAccount>;
