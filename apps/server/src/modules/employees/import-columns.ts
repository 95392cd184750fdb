import { BLOOD_GROUPS, GENDERS, WEEK_DAYS } from '@hr/contract';

/** A column of the import template, in template order. `ref` columns accept a name or a code. */
export interface ImportColumn {
  key: string;
  header: string;
  required?: boolean;
  kind: 'text' | 'date' | 'bool' | 'ref' | 'payMode' | 'weeklyOffs' | 'managerCode';
  ref?: 'unit' | 'department' | 'designation' | 'category' | 'position' | 'jobNature' | 'division' | 'region' | 'shift' | 'maritalStatus';
  help: string;
  example: string;
}

export const IMPORT_COLUMNS: ImportColumn[] = [
  {
    key: 'employeeCode',
    header: 'Employee Code',
    required: true,
    kind: 'text',
    help: 'Unique in the organisation; letters, digits and / _ . -',
    example: 'BLR-0101',
  },
  { key: 'name', header: 'Name', required: true, kind: 'text', help: 'Full name as on the ID card', example: 'Ananya Rao' },
  { key: 'fatherName', header: 'Father Name', kind: 'text', help: "Father's or spouse's name", example: 'Suresh Rao' },
  { key: 'gender', header: 'Gender', required: true, kind: 'text', help: GENDERS.join(' / '), example: 'Female' },
  {
    key: 'dateOfBirth',
    header: 'Date of Birth',
    required: true,
    kind: 'date',
    help: 'A date cell, or YYYY-MM-DD, or DD-MM-YYYY',
    example: '1994-07-21',
  },
  {
    key: 'maritalStatusId',
    header: 'Marital Status',
    kind: 'ref',
    ref: 'maritalStatus',
    help: 'Name from the marital status list',
    example: 'Married',
  },
  { key: 'bloodGroup', header: 'Blood Group', kind: 'text', help: BLOOD_GROUPS.join(', '), example: 'O+' },
  {
    key: 'mobile',
    header: 'Mobile',
    required: true,
    kind: 'text',
    help: '10 digits starting with 6–9, without +91',
    example: '9845012345',
  },
  { key: 'alternateMobile', header: 'Alternate Mobile', kind: 'text', help: '10 digits', example: '' },
  { key: 'email', header: 'E-mail', kind: 'text', help: 'Work or personal e-mail', example: 'ananya.rao@example.in' },
  {
    key: 'presentAddress',
    header: 'Present Address',
    kind: 'text',
    help: 'House, street, locality, city',
    example: '12, 4th Cross, Jayanagar, Bengaluru',
  },
  { key: 'presentPincode', header: 'Present PIN Code', kind: 'text', help: '6 digits', example: '560011' },
  { key: 'permanentAddress', header: 'Permanent Address', kind: 'text', help: 'Leave blank when the same as present', example: '' },
  { key: 'permanentPincode', header: 'Permanent PIN Code', kind: 'text', help: '6 digits', example: '' },
  { key: 'emergencyContactName', header: 'Emergency Contact Name', kind: 'text', help: 'Whom to call', example: 'Suresh Rao' },
  { key: 'emergencyContactRelation', header: 'Emergency Contact Relation', kind: 'text', help: 'e.g. Father, Spouse', example: 'Father' },
  { key: 'emergencyContactMobile', header: 'Emergency Contact Mobile', kind: 'text', help: '10 digits', example: '9845098450' },
  { key: 'unitId', header: 'Unit', required: true, kind: 'ref', ref: 'unit', help: 'Unit name or code', example: 'HO-BLR' },
  {
    key: 'departmentId',
    header: 'Department',
    required: true,
    kind: 'ref',
    ref: 'department',
    help: 'Department name or code',
    example: 'Finance & Accounts',
  },
  {
    key: 'designationId',
    header: 'Designation',
    required: true,
    kind: 'ref',
    ref: 'designation',
    help: 'Designation name or code',
    example: 'Accounts Executive',
  },
  { key: 'categoryId', header: 'Category', kind: 'ref', ref: 'category', help: 'Name from the category list', example: '' },
  { key: 'positionId', header: 'Position', kind: 'ref', ref: 'position', help: 'Name from the position list', example: '' },
  { key: 'jobNatureId', header: 'Job Nature', kind: 'ref', ref: 'jobNature', help: 'e.g. Permanent, Contract', example: '' },
  { key: 'divisionId', header: 'Division', kind: 'ref', ref: 'division', help: 'Name from the division list', example: '' },
  { key: 'regionId', header: 'Region', kind: 'ref', ref: 'region', help: 'Name from the region list', example: '' },
  { key: 'shiftId', header: 'Shift', kind: 'ref', ref: 'shift', help: 'Shift name or code', example: '' },
  {
    key: 'deviceUserId',
    header: 'Device PIN',
    kind: 'text',
    help: 'The user ID the biometric terminal knows the employee by: letters and digits, at most 20, not used by anyone else (blank = the employee code)',
    example: '',
  },
  {
    key: 'dateOfJoining',
    header: 'Date of Joining',
    required: true,
    kind: 'date',
    help: 'A date cell, or YYYY-MM-DD, or DD-MM-YYYY',
    example: '2021-04-01',
  },
  { key: 'confirmationDate', header: 'Confirmation Date', kind: 'date', help: 'On or after the date of joining', example: '' },
  {
    key: 'reportingManagerId',
    header: 'Reporting Manager Code',
    kind: 'managerCode',
    help: 'Employee code of the manager (in the database or in this file)',
    example: '',
  },
  {
    key: 'weeklyOffs',
    header: 'Weekly Offs',
    kind: 'weeklyOffs',
    help: `Days separated by commas: ${WEEK_DAYS.join(', ')}; only some weeks of the month: 2nd Sat, 4th Sat, last Fri (1st to 5th, or last). Blank = Sun`,
    example: 'Sun, 2nd Sat, 4th Sat',
  },
  { key: 'status', header: 'Status', kind: 'text', help: 'Active / On notice / Exited (blank = Active)', example: 'Active' },
  { key: 'exitDate', header: 'Exit Date', kind: 'date', help: 'Required when the status is Exited', example: '' },
  { key: 'exitReason', header: 'Exit Reason', kind: 'text', help: 'Why the employee left', example: '' },
  { key: 'pan', header: 'PAN', kind: 'text', help: '5 letters, 4 digits, 1 letter (ABCPE1234F)', example: 'ABCPR1234K' },
  { key: 'aadhaar', header: 'Aadhaar', kind: 'text', help: '12 digits; only the last four are stored', example: '' },
  { key: 'uan', header: 'UAN', kind: 'text', help: '12 digits', example: '' },
  { key: 'pfNumber', header: 'PF Number', kind: 'text', help: 'e.g. KN/BNG/0012345/000/0000123', example: '' },
  { key: 'esiNumber', header: 'ESI Number', kind: 'text', help: '10 or 17 digits', example: '' },
  { key: 'pfApplicable', header: 'PF Applicable', kind: 'bool', help: 'Yes / No (blank = No)', example: 'Yes' },
  { key: 'esiApplicable', header: 'ESI Applicable', kind: 'bool', help: 'Yes / No (blank = No)', example: 'No' },
  { key: 'ptApplicable', header: 'PT Applicable', kind: 'bool', help: 'Yes / No (blank = Yes)', example: 'Yes' },
  { key: 'payModeId', header: 'Pay Mode', kind: 'payMode', help: 'Bank / Cash / Cheque (blank = Bank)', example: 'Bank' },
  { key: 'bankAccountNo', header: 'Bank Account No', kind: 'text', help: '9 to 18 digits; required for Bank', example: '50100123456789' },
  { key: 'ifsc', header: 'IFSC', kind: 'text', help: '11 characters, e.g. HDFC0001234; required for Bank', example: 'HDFC0000523' },
  { key: 'bankName', header: 'Bank Name', kind: 'text', help: 'Name of the bank', example: 'HDFC Bank' },
  { key: 'bankBranch', header: 'Bank Branch', kind: 'text', help: 'Branch', example: 'Jayanagar' },
];

export const normHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
