import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as s from '../../db/schema';

/** Master data of the demo organisation; idempotent (conflicts on the unique keys are skipped). */

const INDIAN_STATES: [string, string][] = [
  ['Andhra Pradesh', 'AP'],
  ['Arunachal Pradesh', 'AR'],
  ['Assam', 'AS'],
  ['Bihar', 'BR'],
  ['Chhattisgarh', 'CG'],
  ['Goa', 'GA'],
  ['Gujarat', 'GJ'],
  ['Haryana', 'HR'],
  ['Himachal Pradesh', 'HP'],
  ['Jharkhand', 'JH'],
  ['Karnataka', 'KA'],
  ['Kerala', 'KL'],
  ['Madhya Pradesh', 'MP'],
  ['Maharashtra', 'MH'],
  ['Manipur', 'MN'],
  ['Meghalaya', 'ML'],
  ['Mizoram', 'MZ'],
  ['Nagaland', 'NL'],
  ['Odisha', 'OD'],
  ['Punjab', 'PB'],
  ['Rajasthan', 'RJ'],
  ['Sikkim', 'SK'],
  ['Tamil Nadu', 'TN'],
  ['Telangana', 'TS'],
  ['Tripura', 'TR'],
  ['Uttar Pradesh', 'UP'],
  ['Uttarakhand', 'UK'],
  ['West Bengal', 'WB'],
];

const UNION_TERRITORIES: [string, string][] = [
  ['Andaman and Nicobar Islands', 'AN'],
  ['Chandigarh', 'CH'],
  ['Dadra and Nagar Haveli and Daman and Diu', 'DH'],
  ['Delhi', 'DL'],
  ['Jammu and Kashmir', 'JK'],
  ['Ladakh', 'LA'],
  ['Lakshadweep', 'LD'],
  ['Puducherry', 'PY'],
];

const CITIES: Record<string, string[]> = {
  Karnataka: ['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi'],
  'Tamil Nadu': ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli'],
  Maharashtra: ['Mumbai', 'Pune', 'Nagpur'],
  Telangana: ['Hyderabad'],
  Kerala: ['Kochi', 'Thiruvananthapuram'],
  Delhi: ['New Delhi'],
  'West Bengal': ['Kolkata'],
  'Andhra Pradesh': ['Visakhapatnam', 'Vijayawada'],
};

const AREAS: [string, string, string][] = [
  ['Bengaluru', 'Residency Road', '560025'],
  ['Bengaluru', 'Koramangala', '560034'],
  ['Bengaluru', 'Whitefield', '560066'],
  ['Bengaluru', 'Jayanagar', '560041'],
  ['Chennai', 'Gopalapuram', '600086'],
  ['Chennai', 'T. Nagar', '600017'],
  ['Mysuru', 'Hinkal', '570017'],
  ['Mysuru', 'Vijayanagar', '570032'],
];

const LOOKUPS: [PgTable, string[]][] = [
  [s.maritalStatuses, ['Single', 'Married', 'Divorced', 'Widowed', 'Separated']],
  [s.educationModes, ['Full-time', 'Part-time', 'Distance', 'Online']],
  [s.academicDomains, ['Engineering', 'Sciences', 'Commerce', 'Arts & Humanities', 'Management', 'Medicine', 'Nursing', 'Law']],
  [s.academicStatuses, ['Pursuing', 'Completed', 'Discontinued']],
  [s.fellowshipStatuses, ['Applied', 'Awarded', 'Ongoing', 'Completed']],
  [s.patentStatuses, ['Filed', 'Published', 'Under examination', 'Granted', 'Rejected']],
  [s.jobNatures, ['Permanent', 'Probation', 'Contract', 'Temporary', 'Visiting', 'Intern']],
  [s.positions, ['Head of Department', 'Coordinator', 'Team Lead', 'Member', 'Warden']],
  [s.divisions, ['Academic', 'Administrative', 'Healthcare', 'Support Services']],
  [s.regions, ['South', 'North', 'East', 'West', 'Central']],
  [s.campuses, ['Bengaluru City Campus', 'Mysuru Campus', 'Chennai Campus']],
  [s.responsibilities, ['Class teacher', 'Exam cell', 'Admissions', 'Placement cell', 'Hostel', 'NSS coordinator']],
  [s.writtens, ['Journal article', 'Conference paper', 'Book', 'Book chapter', 'Case study']],
  [s.categories, ['General', 'OBC', 'SC', 'ST', 'EWS']],
  [s.academicSessions, ['2025-26', '2026-27']],
];

const COUNTRIES: [string, string, string][] = [
  ['India', 'IN', '+91'],
  ['United Arab Emirates', 'AE', '+971'],
  ['United States', 'US', '+1'],
  ['United Kingdom', 'GB', '+44'],
  ['Singapore', 'SG', '+65'],
  ['Nepal', 'NP', '+977'],
  ['Sri Lanka', 'LK', '+94'],
];

/** Heads with fixed ids: payroll rules refer to some by id (41: Salary Advance). */
export const SEED_HEADS = [
  { id: 1, code: 'BASIC', name: 'Basic', printName: 'Basic', isEarning: true, printOrder: 1 },
  { id: 2, code: 'DA', name: 'Dearness Allowance', printName: 'DA', isEarning: true, printOrder: 2 },
  { id: 3, code: 'HRA', name: 'House Rent Allowance', printName: 'HRA', isEarning: true, printOrder: 3 },
  { id: 4, code: 'CONV', name: 'Conveyance Allowance', printName: 'Conveyance', isEarning: true, printOrder: 4 },
  { id: 5, code: 'MED', name: 'Medical Allowance', printName: 'Medical', isEarning: true, printOrder: 5 },
  { id: 6, code: 'SPL', name: 'Special Allowance', printName: 'Special Allowance', isEarning: true, printOrder: 6 },
  {
    id: 7,
    code: 'OT',
    name: 'Overtime',
    printName: 'Overtime',
    isEarning: true,
    isCalculative: true,
    isOverTimeHead: true,
    printOrder: 7,
  },
  { id: 8, code: 'ARREARS', name: 'Arrears', printName: 'Arrears', isEarning: true, printOrder: 8 },
  { id: 9, code: 'BONUS', name: 'Bonus', printName: 'Bonus', isEarning: true, printOrder: 9 },
  { id: 21, code: 'PF', name: 'Provident Fund', printName: 'PF', isEarning: false, isCalculative: true, printOrder: 21 },
  { id: 22, code: 'ESI', name: 'Employees State Insurance', printName: 'ESI', isEarning: false, isCalculative: true, printOrder: 22 },
  { id: 23, code: 'PT', name: 'Professional Tax', printName: 'Prof. Tax', isEarning: false, isCalculative: true, printOrder: 23 },
  { id: 24, code: 'TDS', name: 'Income Tax (TDS)', printName: 'TDS', isEarning: false, printOrder: 24 },
  { id: 25, code: 'LWF', name: 'Labour Welfare Fund', printName: 'LWF', isEarning: false, printOrder: 25 },
  { id: 41, code: 'ADV', name: 'Salary Advance', printName: 'Salary Advance', isEarning: false, printOrder: 41 },
  {
    id: 90,
    code: 'LWOP',
    name: 'Leave Without Pay',
    printName: 'LWOP',
    isEarning: false,
    // A memo of the loss of pay (earnings are paid for payable days only): on the register's TL column, not the payslip.
    isPrinted: false,
    isCalculative: true,
    isTotalLWOPHead: true,
    printOrder: 90,
  },
  {
    id: 99,
    code: 'NET',
    name: 'Net Pay',
    printName: 'Net Pay',
    isEarning: true,
    isCalculative: true,
    isNetPayHead: true,
    printOrder: 99,
  },
];

const HOLIDAYS_2026: { date: string; name: string; type: 'national' | 'optional'; units?: string[] }[] = [
  { date: '2026-01-01', name: "New Year's Day", type: 'optional' },
  { date: '2026-01-15', name: 'Pongal', type: 'national', units: ['BR-CHN'] },
  { date: '2026-01-26', name: 'Republic Day', type: 'national' },
  { date: '2026-03-04', name: 'Holi', type: 'optional' },
  { date: '2026-04-03', name: 'Good Friday', type: 'national' },
  { date: '2026-05-01', name: 'May Day', type: 'national' },
  { date: '2026-08-15', name: 'Independence Day', type: 'national' },
  { date: '2026-09-14', name: 'Ganesh Chaturthi', type: 'national' },
  { date: '2026-10-02', name: 'Gandhi Jayanti', type: 'national' },
  { date: '2026-10-20', name: 'Vijayadashami', type: 'national' },
  { date: '2026-11-01', name: 'Kannada Rajyotsava', type: 'national', units: ['HO-BLR', 'CMP-MYS'] },
  { date: '2026-11-08', name: 'Deepavali', type: 'national' },
  { date: '2026-12-25', name: 'Christmas', type: 'national' },
];

export async function seedMasters(db: Db): Promise<void> {
  // Countries, mobile codes, states, cities, areas.
  await db
    .insert(s.countries)
    .values(COUNTRIES.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  await db
    .insert(s.mobileCodes)
    .values(COUNTRIES.map(([name, , code]) => ({ name, code })))
    .onConflictDoNothing();
  const [india] = await db.select({ id: s.countries.id }).from(s.countries).where(sql`lower(${s.countries.name}) = 'india'`);
  await db
    .insert(s.states)
    .values([
      ...INDIAN_STATES.map(([name, code]) => ({ name, code, countryId: india.id })),
      ...UNION_TERRITORIES.map(([name, code]) => ({ name, code, countryId: india.id, isUnionTerritory: true })),
    ])
    .onConflictDoNothing();
  const stateRows = await db.select({ id: s.states.id, name: s.states.name }).from(s.states);
  const stateId = new Map(stateRows.map((r) => [r.name, r.id]));
  await db
    .insert(s.cities)
    .values(Object.entries(CITIES).flatMap(([st, list]) => list.map((name) => ({ name, stateId: stateId.get(st) as number }))))
    .onConflictDoNothing();
  const cityRows = await db.select({ id: s.cities.id, name: s.cities.name }).from(s.cities);
  const cityId = new Map(cityRows.map((r) => [r.name, r.id]));
  await db
    .insert(s.areas)
    .values(AREAS.map(([c, name, pinCode]) => ({ name, pinCode, cityId: cityId.get(c) as number })))
    .onConflictDoNothing();

  for (const [table, names] of LOOKUPS) {
    await db
      .insert(table)
      .values(names.map((name) => ({ name })) as never)
      .onConflictDoNothing();
  }

  await db
    .insert(s.shifts)
    .values([
      { code: 'GEN', name: 'General', startTime: '09:30:00', endTime: '18:00:00', graceMinutes: 10, breakMinutes: 30 },
      { code: 'MOR', name: 'Morning', startTime: '06:00:00', endTime: '14:00:00', graceMinutes: 10, breakMinutes: 30 },
      { code: 'EVE', name: 'Evening', startTime: '14:00:00', endTime: '22:00:00', graceMinutes: 10, breakMinutes: 30 },
      {
        code: 'NGT',
        name: 'Night',
        startTime: '22:00:00',
        endTime: '06:00:00',
        graceMinutes: 15,
        breakMinutes: 30,
        isNightShift: true,
      },
      {
        code: 'SAT',
        name: 'Saturday Half Day',
        startTime: '09:30:00',
        endTime: '13:30:00',
        graceMinutes: 10,
        halfDayMinHours: '2.00',
        fullDayMinHours: '4.00',
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(s.employeeDocTypes)
    .values([
      { code: 'AADHAAR', name: 'Aadhaar Card', isMandatory: true, allowedFileTypes: 'pdf,jpg,jpeg,png' },
      { code: 'PAN', name: 'PAN Card', isMandatory: true, allowedFileTypes: 'pdf,jpg,jpeg,png' },
      { code: 'PHOTO', name: 'Passport Photo', isMandatory: true, allowedFileTypes: 'jpg,jpeg,png', maxSizeKb: 512 },
      { code: 'DEGREE', name: 'Degree Certificate', allowedFileTypes: 'pdf' },
      { code: 'RELIEVE', name: 'Relieving Letter', allowedFileTypes: 'pdf' },
      { code: 'BANK', name: 'Cancelled Cheque / Bank Passbook', allowedFileTypes: 'pdf,jpg,jpeg,png' },
      { code: 'EXP', name: 'Experience Certificate', allowedFileTypes: 'pdf' },
    ])
    .onConflictDoNothing();

  await db
    .insert(s.leaveTypes)
    .values([
      { code: 'CL', name: 'Casual Leave', yearlyQuota: '12', accrual: 'yearly' },
      { code: 'SL', name: 'Sick Leave', yearlyQuota: '12', accrual: 'yearly', carryForwardLimit: '6' },
      {
        code: 'EL',
        name: 'Earned Leave',
        yearlyQuota: '15',
        accrual: 'monthly',
        carryForwardLimit: '30',
        isEncashable: true,
      },
      { code: 'LWP', name: 'Leave Without Pay', isPaid: false, yearlyQuota: '0' },
      { code: 'ML', name: 'Maternity Leave', yearlyQuota: '182', applicableGender: 'female', halfDayAllowed: false },
      { code: 'PTL', name: 'Paternity Leave', yearlyQuota: '5', applicableGender: 'male', halfDayAllowed: false },
      { code: 'CO', name: 'Compensatory Off', yearlyQuota: '0' },
    ])
    .onConflictDoNothing();

  await db.insert(s.earningDeductions).values(SEED_HEADS).onConflictDoNothing();
  // Explicit ids above: move the sequence past them so new heads do not collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('earning_deductions', 'id'), greatest((select max(id) from earning_deductions), 1))`,
  );

  const unitRows = await db.select({ id: s.units.id, code: s.units.code }).from(s.units);
  const unitId = new Map(unitRows.map((u) => [u.code, u.id]));
  const allUnits = unitRows.map((u) => u.id);

  for (const h of HOLIDAYS_2026) {
    const [row] = await db
      .insert(s.holidays)
      .values({ holidayDate: h.date, name: h.name, holidayType: h.type })
      .onConflictDoNothing()
      .returning({ id: s.holidays.id });
    if (!row) continue;
    const ids = h.units ? h.units.map((c) => unitId.get(c)).filter((x): x is number => x != null) : allUnits;
    if (ids.length)
      await db
        .insert(s.holidayUnits)
        .values(ids.map((u) => ({ holidayId: row.id, unitId: u })))
        .onConflictDoNothing();
  }

  await db
    .insert(s.careerSteps)
    .values(
      ['Application received', 'Screening', 'Written test', 'Interview', 'Offer', 'Joined'].map((name, i) => ({
        name,
        stepOrder: i + 1,
      })),
    )
    .onConflictDoNothing();

  const deptRows = await db.select({ id: s.departments.id, code: s.departments.code }).from(s.departments);
  const desgRows = await db.select({ id: s.designations.id, code: s.designations.code }).from(s.designations);
  const dept = new Map(deptRows.map((d) => [d.code, d.id]));
  const desg = new Map(desgRows.map((d) => [d.code, d.id]));
  await db
    .insert(s.careerOpenings)
    .values([
      {
        title: 'Assistant Professor – Computer Science',
        designationId: desg.get('ASP') ?? null,
        departmentId: dept.get('ACD') ?? null,
        vacancies: 3,
        closingDate: '2026-12-31',
        description: 'M.Tech / Ph.D. with NET; two years of teaching preferred.',
      },
      {
        title: 'Staff Nurse',
        designationId: desg.get('STN') ?? null,
        departmentId: dept.get('NUR') ?? null,
        vacancies: 5,
        closingDate: '2026-12-15',
        description: 'B.Sc. Nursing, registered with the State Nursing Council.',
      },
      {
        title: 'Accounts Executive',
        designationId: desg.get('ACE') ?? null,
        departmentId: dept.get('FIN') ?? null,
        vacancies: 1,
        status: 'on-hold',
        description: 'B.Com with Tally and payroll experience.',
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(s.apkVersions)
    .values([
      {
        versionCode: 100,
        versionName: '1.0.0',
        minSupportedVersionCode: 100,
        releaseDate: '2026-01-10',
        releaseNotes: 'First release: attendance punch, leave requests, payslips.',
      },
      {
        versionCode: 120,
        versionName: '1.2.0',
        minSupportedVersionCode: 100,
        releaseDate: '2026-06-01',
        releaseNotes: 'Visitor notifications and shift schedule.',
      },
    ])
    .onConflictDoNothing();

  await seedUnitMappings(db, unitId, dept, desg);
}

const UNIT_DESIGNATIONS: Record<string, string[]> = {
  'HO-BLR': ['DIR', 'GM', 'HRM', 'HRE', 'ACM', 'ACE', 'SWE', 'ADE', 'OFA'],
  'BR-CHN': ['GM', 'HRE', 'ACE', 'STN', 'ADE', 'OFA'],
  'CMP-MYS': ['DIR', 'PRF', 'ASP', 'ACE', 'ADE', 'OFA'],
};

async function seedUnitMappings(db: Db, unitId: Map<string, number>, dept: Map<string, number>, desg: Map<string, number>) {
  const unitDepts: Record<string, string[]> = {
    'HO-BLR': ['ADM', 'HR', 'FIN', 'IT', 'OPS', 'FAC'],
    'BR-CHN': ['ADM', 'HR', 'FIN', 'NUR', 'OPS'],
    'CMP-MYS': ['ADM', 'ACD', 'FIN', 'FAC'],
  };
  const docTypes = await db.select({ id: s.employeeDocTypes.id, code: s.employeeDocTypes.code }).from(s.employeeDocTypes);
  const steps = await db.select({ id: s.careerSteps.id, stepOrder: s.careerSteps.stepOrder }).from(s.careerSteps);
  const openings = await db.select({ id: s.careerOpenings.id, title: s.careerOpenings.title }).from(s.careerOpenings);
  const approvers = await db
    .select({ id: s.users.id, userName: s.users.userName })
    .from(s.users)
    .where(inArray(s.users.userName, ['admin', 'manager']));
  const admin = approvers.find((u) => u.userName === 'admin');
  const manager = approvers.find((u) => u.userName === 'manager');

  const mapped = async (table: PgTable & { unitId: PgColumn }, uid: number) =>
    (await db.select({ one: sql`1` }).from(table).where(eq(table.unitId, uid)).limit(1)).length > 0;

  // A unit's mappings are seeded once, while it has none: re-seeding never brings back what an admin removed.
  for (const [code, uid] of unitId) {
    if (await mapped(s.unitDepartmentMap, uid)) continue;
    const depts = (unitDepts[code] ?? []).map((c) => dept.get(c)).filter((x): x is number => x != null);
    if (depts.length) {
      await db
        .insert(s.unitDepartmentMap)
        .values(depts.map((departmentId) => ({ unitId: uid, departmentId })))
        .onConflictDoNothing();
    }
    await seedUnitRest(db, code, uid, desg, docTypes, steps, openings, admin?.id, manager?.id);
  }
}

async function seedUnitRest(
  db: Db,
  code: string,
  uid: number,
  desg: Map<string, number>,
  docTypes: { id: number; code: string | null }[],
  steps: { id: number; stepOrder: number }[],
  openings: { id: number; title: string }[],
  adminId: number | undefined,
  managerId: number | undefined,
) {
  const desgs = (UNIT_DESIGNATIONS[code] ?? []).map((c) => desg.get(c)).filter((x): x is number => x != null);
  if (desgs.length) {
    await db
      .insert(s.unitDesignationMap)
      .values(desgs.map((designationId) => ({ unitId: uid, designationId })))
      .onConflictDoNothing();
  }
  await db
    .insert(s.unitEarningDeductionMap)
    .values(SEED_HEADS.map((h) => ({ unitId: uid, earningDeductionId: h.id, sortOrder: h.printOrder })))
    .onConflictDoNothing();
  await db
    .insert(s.unitEmployeeDocTypeMap)
    .values(
      docTypes.map((d) => ({
        unitId: uid,
        employeeDocTypeId: d.id,
        isMandatory: ['AADHAAR', 'PAN', 'PHOTO', 'BANK'].includes(d.code ?? ''),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(s.unitCareerStepMap)
    .values(steps.map((st) => ({ unitId: uid, careerStepId: st.id, stepOrder: st.stepOrder })))
    .onConflictDoNothing();
  const unitOpenings = openings.filter((o) =>
    code === 'CMP-MYS' ? o.title.startsWith('Assistant') : code === 'BR-CHN' ? o.title === 'Staff Nurse' : o.title.startsWith('Accounts'),
  );
  if (unitOpenings.length) {
    await db
      .insert(s.unitCareerOpeningMap)
      .values(unitOpenings.map((o) => ({ unitId: uid, careerOpeningId: o.id })))
      .onConflictDoNothing();
  }
  // Nobody approves a run that pays them: the manager (an employee of the head office, paid by its runs) is level 1 of
  // the Chennai branch only; the administrator (no employee record) approves the head office and the campus alone.
  const approverRows = [
    ...(managerId && code === 'BR-CHN' ? [{ unitId: uid, userId: managerId, level: 1 }] : []),
    ...(adminId ? [{ unitId: uid, userId: adminId, level: code === 'BR-CHN' ? 2 : 1 }] : []),
  ];
  if (approverRows.length) await db.insert(s.unitSalaryApprovers).values(approverRows).onConflictDoNothing();
}
