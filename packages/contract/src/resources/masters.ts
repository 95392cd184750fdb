import { IDENTIFIER_SHAPES } from '../identifiers';
import { defineResource } from './define';
import { f } from './fields';

const code = (n: string) => `C${n.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`;

export const shift = defineResource({
  name: 'shift',
  path: 'shift',
  title: 'Shift',
  fields: {
    name: f.text('Name', { max: 100 }),
    code: f.code('Code', { max: 30, sample: code }),
    startTime: f.time('Start time'),
    endTime: f.time('End time'),
    graceMinutes: f.integer('Grace minutes (late in)', {
      max: 240,
      default: 0,
      help: 'Arriving within this many minutes of the start is not late',
    }),
    earlyGraceMinutes: f.integer('Grace minutes (early out)', {
      max: 240,
      default: 0,
      help: 'Leaving within this many minutes of the end is not early',
    }),
    breakMinutes: f.integer('Break minutes', { max: 480, default: 0 }),
    halfDayMinHours: f.decimal('Half-day minimum hours', { default: '4.00' }),
    fullDayMinHours: f.decimal('Full-day minimum hours', { default: '8.00' }),
    isNightShift: f.boolean('Night shift (ends next day)'),
    overtimeAfterMinutes: f.integer('Overtime after (minutes)', {
      required: false,
      max: 720,
      help: 'Overtime counts when the last punch is more than this many minutes after the end; empty: no overtime',
    }),
  },
  columns: ['name', 'code', 'startTime', 'endTime', 'graceMinutes', 'fullDayMinHours', 'isNightShift'],
  searchable: ['name', 'code'],
  filters: ['isNightShift'],
  unique: [['code'], ['name']],
  sample: () => ({ startTime: '09:30', endTime: '18:00' }),
});

export const employeeDocType = defineResource({
  name: 'employeeDocType',
  path: 'employee-doctype',
  title: 'Employee Document Type',
  fields: {
    name: f.text('Name', { max: 120 }),
    code: f.code('Code', { required: false, max: 30 }),
    isMandatory: f.boolean('Mandatory'),
    allowedFileTypes: f.text('Allowed file types', { max: 120, help: 'Comma-separated, e.g. pdf,jpg,png', sample: () => 'pdf,jpg,png' }),
    maxSizeKb: f.integer('Largest file (KB)', { min: 1, max: 20_480, default: 2048 }),
  },
  searchable: ['name', 'code'],
  filters: ['isMandatory'],
  unique: [['name']],
});

export const leaveType = defineResource({
  name: 'leaveType',
  path: 'leave',
  title: 'Leave Type',
  fields: {
    name: f.text('Name', { max: 100 }),
    code: f.code('Code', { max: 10, sample: (n) => `L${n.replace(/[^A-Za-z0-9]/g, '').slice(-8)}` }),
    isPaid: f.boolean('Paid', { default: true }),
    yearlyQuota: f.decimal('Yearly quota (days)', { scale: 1, default: '0' }),
    accrual: f.choice(
      'Accrual',
      [
        { value: 'yearly', label: 'Yearly' },
        { value: 'monthly', label: 'Monthly' },
      ],
      { default: 'yearly' },
    ),
    carryForwardLimit: f.decimal('Carry-forward limit (days)', { scale: 1, default: '0' }),
    isEncashable: f.boolean('Encashable', { help: 'The balance is paid out in the full and final settlement' }),
    encashMaxDays: f.decimal('Encashment at exit: at most (days, 0 = the whole balance)', { scale: 1, default: '0' }),
    encashWageBasis: f.choice(
      'Encashment at exit: wages',
      [
        { value: 'basic_da', label: 'Basic + DA (the PF-wage heads)' },
        { value: 'gross', label: 'Gross (every earning of the structure)' },
      ],
      { default: 'basic_da' },
    ),
    encashDivisor: f.integer('Encashment at exit: days in a month (divisor)', { min: 1, max: 31, default: 30 }),
    halfDayAllowed: f.boolean('Half day allowed', { default: true }),
    applicableGender: f.choice(
      'Applicable to',
      [
        { value: 'all', label: 'All' },
        { value: 'female', label: 'Female' },
        { value: 'male', label: 'Male' },
      ],
      { default: 'all' },
    ),
    applicableCategoryId: f.select('Applicable to category', 'category', {
      required: false,
      help: 'Only employees of this category (empty: every category)',
    }),
    applicableMaritalStatusId: f.select('Applicable to marital status', 'maritalStatus', {
      required: false,
      help: 'Only employees of this marital status (empty: any)',
    }),
    afterProbation: f.boolean('After probation', { help: 'Only confirmed employees, from the confirmation date' }),
    maxBalance: f.decimal('Maximum balance (days, 0 = no limit)', { scale: 1, default: '0' }),
    sandwich: f.boolean('Sandwich rule', { help: 'Holidays and weekly offs between two leave days count as leave' }),
    minNoticeDays: f.integer('Minimum notice (days)', { max: 365, default: 0 }),
    maxConsecutiveDays: f.decimal('Maximum consecutive days (0 = no limit)', { scale: 1, default: '0' }),
    attachmentAfterDays: f.decimal('Attachment required beyond (days, 0 = never)', { scale: 1, default: '0' }),
    excessAsLwop: f.boolean('Days beyond the balance become leave without pay', {
      help: 'Otherwise a request beyond the balance is refused',
    }),
  },
  searchable: ['name', 'code'],
  filters: ['isPaid', 'accrual', 'applicableGender', 'applicableCategoryId', 'afterProbation'],
  unique: [['code'], ['name']],
  modify: { param: 'leaveId', kind: 'id' },
});

export const holiday = defineResource({
  name: 'holiday',
  path: 'holidays',
  title: 'Holidays',
  singular: 'Holiday',
  fields: {
    holidayDate: f.date('Date'),
    name: f.text('Name'),
    holidayType: f.choice(
      'Type',
      [
        { value: 'national', label: 'National / public' },
        { value: 'optional', label: 'Optional / restricted' },
      ],
      { default: 'national' },
    ),
    unitIds: f.multiselect('Units', 'unit', { help: 'Leave empty for every unit' }),
    description: f.textarea('Description'),
  },
  columns: ['holidayDate', 'name', 'holidayType', 'unitIds'],
  sortable: ['holidayDate', 'name', 'holidayType'],
  searchable: ['name'],
  filters: ['holidayType'],
  unique: [['holidayDate', 'name']],
  defaultSort: { field: 'holidayDate', dir: 'asc' },
  modify: { param: 'holidayId', kind: 'id' },
});

export const department = defineResource({
  name: 'department',
  path: 'department',
  title: 'Department',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { max: 30, sample: code }),
  },
  searchable: ['name', 'code'],
  unique: [['code'], ['name']],
});

export const designation = defineResource({
  name: 'designation',
  path: 'designation',
  title: 'Designation',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { max: 30, sample: code }),
    noticeDays: f.integer('Notice period (days)', { required: false, max: 365, help: 'Empty: the unit’s notice period' }),
  },
  searchable: ['name', 'code'],
  unique: [['code'], ['name']],
});

/** Tax deduction and collection account number: four letters, five digits, a letter (AAAA99999A). */
export const TAN_PATTERN = IDENTIFIER_SHAPES.tan.re;
/** Permanent account number: five letters, four digits, a letter (AAAAA9999A). */
export const PAN_PATTERN = IDENTIFIER_SHAPES.pan.re;

export const unit = defineResource({
  name: 'unit',
  path: 'units',
  title: 'Units',
  singular: 'Unit',
  fields: {
    name: f.text('Name'),
    code: f.code('Code', { max: 30, sample: code }),
    address: f.textarea('Address'),
    city: f.text('City', { max: 100, sample: () => 'Bengaluru' }),
    stateName: f.text('State', { max: 100, sample: () => 'Karnataka' }),
    stateId: f.select('State for PT / LWF', 'state', {
      required: false,
      help: 'The state whose professional tax and labour welfare fund apply to this unit’s employees',
    }),
    pfRegistrationNo: f.identifier('PF registration no.', 'pfEstablishment', {
      help: 'The EPFO establishment code: KN/BNG/0012345/000 or KNBNG0012345000',
      sample: 'KN/BNG/0012345/000',
    }),
    esiRegistrationNo: f.identifier('ESI registration no.', 'esicEmployer', {
      help: 'ESIC’s 17-digit employer code',
      sample: '53000123450001001',
    }),
    ptRegistrationNo: f.text('PT registration no.', { required: false, max: 50 }),
    tan: f.identifier('TAN', 'tan', {
      help: 'The deductor’s tax deduction account number (AAAA99999A), printed on Form 16',
      sample: 'BLRA12345B',
    }),
    deductorPan: f.identifier('PAN of the deductor', 'pan', {
      help: 'The employer’s PAN (AAAAA9999A), printed on Form 16',
      sample: 'AABCA1234F',
    }),
    logo: f.image('Logo'),
    trackAttendance: f.boolean('Pay by attendance', {
      help: 'On: payable days, leave without pay and overtime come from daily attendance (punches). Off: every employed day is paid unless entered by hand',
    }),
    attendanceCutoffDay: f.integer('Attendance cut-off day', {
      required: false,
      min: 1,
      max: 28,
      help: 'Payroll takes attendance up to this day; the later days are paid as the calendar has them and their differences reach next month as loss-of-pay adjustments. Empty: up to the day of processing',
    }),
    geoLatitude: f.coordinate('Geofence latitude', 'latitude', { help: 'Centre of the office in degrees, -90 to 90, e.g. 12.971599' }),
    geoLongitude: f.coordinate('Geofence longitude', 'longitude', { help: 'Degrees, -180 to 180, e.g. 77.594566' }),
    noticeDays: f.integer('Notice period (days)', { required: false, max: 365, help: 'Unless the designation sets one; empty: 30' }),
    geoRadiusM: f.integer('Geofence radius (metres)', {
      required: false,
      min: 10,
      max: 100_000,
      help: 'Phone punches farther than this from the centre are kept but flagged; empty: no geofence',
    }),
  },
  columns: ['name', 'code', 'city', 'stateName', 'pfRegistrationNo', 'esiRegistrationNo'],
  searchable: ['name', 'code', 'city', 'stateName'],
  unique: [['code'], ['name']],
  unitScoped: 'id',
  modify: { param: 'id', kind: 'id' },
});

export const earningDeduction = defineResource({
  name: 'earningDeduction',
  path: 'earning-deduction',
  title: 'Earning / Deduction Head',
  fields: {
    name: f.text('Name', { max: 120 }),
    code: f.code('Code', { max: 30, sample: code, shape: 'headCode' }),
    printName: f.text('Print name', { max: 120 }),
    isEarning: f.boolean('Earning (off = deduction)', { default: true }),
    isPrinted: f.boolean('Printed on payslip', { default: true }),
    isCalculative: f.boolean('Calculated by formula'),
    isNetPayHead: f.boolean('Net pay head', { help: 'Only one active head may be the net pay' }),
    isOverTimeHead: f.boolean('Overtime head'),
    isTotalLWOPHead: f.boolean('Total LWOP head'),
    statutory: f.choice(
      'Statutory role',
      [
        { value: 'pf_employee', label: 'PF (employee share)' },
        { value: 'esi_employee', label: 'ESI (employee share)' },
        { value: 'pt', label: 'Professional tax' },
        { value: 'lwf_employee', label: 'Labour welfare fund (employee)' },
        { value: 'tds', label: 'Income tax (TDS)' },
      ],
      {
        required: false,
        help: 'A deduction computed by the statutory rules, not a formula; one active head per role',
      },
    ),
    taxSection: f.choice(
      'Form 16 line',
      [
        { value: '17(2)', label: 'Perquisite (section 17(2))' },
        { value: '17(3)', label: 'Profits in lieu of salary (section 17(3))' },
      ],
      {
        required: false,
        help: 'An earning printed on its own line of Form 16 Part B; empty: salary under section 17(1)',
      },
    ),
    isPfWage: f.boolean('PF wages', { help: 'An earning PF is computed on (basic, DA, retaining allowance)' }),
    isEsiWage: f.boolean('ESI wages', { help: 'An earning ESI is computed on' }),
    wageClass: f.choice(
      'Labour Codes class',
      [
        { value: 'wages', label: 'Wages (basic, DA, retaining allowance)' },
        { value: 'allowance', label: 'Other allowance (in the 50 % test)' },
        { value: 'hra', label: 'House rent allowance' },
        { value: 'conveyance', label: 'Conveyance / travel concession' },
        { value: 'overtime', label: 'Overtime allowance' },
        { value: 'bonus', label: 'Bonus payable under a law' },
        { value: 'commission', label: 'Commission' },
        { value: 'amenity', label: 'House accommodation / amenity' },
        { value: 'special_expenses', label: 'Special expenses of the work' },
        { value: 'award', label: 'Under an award or settlement' },
        { value: 'gratuity', label: 'Gratuity (not in the test)' },
        { value: 'retrenchment', label: 'Retrenchment compensation (not in the test)' },
        { value: 'outside', label: 'Not remuneration (reimbursement, incentive, arrears)' },
      ],
      {
        required: false,
        help: 'Code on Wages s.2(y): PF, bonus and gratuity are on the wages, plus the excluded payments above half of all remuneration (from 21 Nov 2025). Earnings only; empty: by the PF-wage and overtime flags',
      },
    ),
    printOrder: f.integer('Print order', { max: 999, default: 0 }),
  },
  columns: ['name', 'code', 'printName', 'isEarning', 'isPrinted', 'isCalculative', 'isNetPayHead', 'statutory', 'printOrder'],
  searchable: ['name', 'code', 'printName'],
  filters: ['isEarning', 'isPrinted', 'isCalculative', 'statutory'],
  unique: [['code'], ['name']],
  defaultSort: { field: 'printOrder', dir: 'asc' },
});

export const careerOpening = defineResource({
  name: 'careerOpening',
  path: 'carrer/carrerApply',
  title: 'Career Applying',
  singular: 'Opening',
  labelField: 'title',
  fields: {
    title: f.text('Title'),
    designationId: f.select('Designation', 'designation', { required: false }),
    departmentId: f.select('Department', 'department', { required: false }),
    vacancies: f.integer('Vacancies', { min: 1, max: 10_000, default: 1 }),
    closingDate: f.date('Closing date', { required: false }),
    status: f.choice(
      'Status',
      [
        { value: 'open', label: 'Open' },
        { value: 'on-hold', label: 'On hold' },
        { value: 'closed', label: 'Closed' },
      ],
      { default: 'open' },
    ),
    description: f.textarea('Description'),
  },
  searchable: ['title'],
  filters: ['status', 'designationId', 'departmentId'],
  unique: [['title']],
});

export const careerStep = defineResource({
  name: 'careerStep',
  path: 'carrer/carrerStep',
  title: 'Career Steps',
  singular: 'Career Step',
  fields: {
    name: f.text('Name', { max: 120 }),
    stepOrder: f.integer('Order', { max: 999, default: 0 }),
    description: f.textarea('Description'),
  },
  searchable: ['name'],
  unique: [['name']],
  defaultSort: { field: 'stepOrder', dir: 'asc' },
});

export const apkVersion = defineResource({
  name: 'apkVersion',
  path: 'configure/apkVersion',
  title: 'APK Version',
  labelField: 'versionName',
  fields: {
    versionCode: f.integer('Version code', { min: 1, max: 2_000_000_000 }),
    versionName: f.text('Version name', { max: 40 }),
    minSupportedVersionCode: f.integer('Minimum supported version code', { min: 1, max: 2_000_000_000 }),
    isForceUpdate: f.boolean('Force update'),
    releaseDate: f.date('Release date'),
    releaseNotes: f.textarea('Release notes'),
  },
  searchable: ['versionName', 'releaseNotes'],
  unique: [['versionCode']],
  defaultSort: { field: 'versionCode', dir: 'desc' },
  sample: (n) => {
    const v = (Number.parseInt(n.replace(/\D/g, '').slice(-7) || '1', 10) % 9_000_000) + 1000;
    return { versionCode: v, minSupportedVersionCode: 1 };
  },
});
