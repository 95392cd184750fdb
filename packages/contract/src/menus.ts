/**
 * Every menu of the product by one typed name: `MENU.employee` is '/outlet/transaction/employee'. A menu is
 * a screen's full path (spelt exactly as the spec writes it) and is what role-wise menu access grants; the
 * server's `config.access`, the menu seed, the select-option grants and the web screens all name menus
 * through this table, so a permission has one name and a typo fails to compile.
 *
 * Zod-free on purpose: the web app's entry chunk imports it.
 */
const M = '/outlet/master';

export const MENU = {
  // Dashboard
  dashboard: '/outlet/dashboard',
  adminDashboard: '/outlet/admin-dashboard',
  trackEmployee: '/outlet/track_emp',
  // Requests (staff)
  requestWfh: '/outlet/request/raise',
  requestLeave: '/outlet/request/leave_req',
  requestVisitor: '/outlet/request/visitor_notify_req',
  // All requests (managers, administrators)
  allRequestWfh: '/outlet/allRequest/wfh',
  allRequestLeave: '/outlet/allRequest/leave',
  allRequestVisitor: '/outlet/allRequest/visitor_notify',
  // Me
  myAttendanceLogs: '/outlet/me/attendance/logs',
  myShiftSchedule: '/outlet/me/attendance/shiftschedule',
  myRequests: '/outlet/me/attendance/requests',
  myLeaveSummary: '/outlet/me/leave/summary',
  viewShift: '/outlet/view-shift',
  shiftDetails: '/outlet/shift-dtls',
  // My profile
  profile: '/outlet/myProfile/profile',
  uploadDocuments: '/outlet/myProfile/upload-documents',
  payslip: '/outlet/payslip',
  form16: '/outlet/form-16',
  /** The employee's income-tax declaration (regime, rent, deductions, previous employer; issue 13). */
  taxDeclaration: '/outlet/me/tax-declaration',
  idCard: '/outlet/idCard',
  /** The employee's own resignation (issue 27). */
  mySeparation: '/outlet/me/separation',
  // Master
  shift: `${M}/shift`,
  employeeDocType: `${M}/employee-doctype`,
  leaveType: `${M}/leave`,
  category: `${M}/category`,
  academicSession: `${M}/session`,
  holiday: `${M}/holidays`,
  department: `${M}/department`,
  unit: `${M}/units`,
  earningDeduction: `${M}/earning-deduction`,
  designation: `${M}/designation`,
  salaryFormula: `${M}/salaryFormula`,
  biometricDevice: `${M}/biometric-device`,
  statutoryEstablishment: `${M}/statutory-establishment`,
  // Configure
  role: `${M}/configure/role`,
  module: `${M}/configure/module`,
  menu: `${M}/configure/menu`,
  roleWiseMenuAccess: `${M}/configure/roleWiseMenuAccess`,
  apkVersion: `${M}/configure/apkVersion`,
  userMaster: `${M}/configure/userMaster`,
  auditTrail: `${M}/configure/auditTrail`,
  // Mappings
  unitDepartmentMap: `${M}/unit-wise-department-mapping`,
  unitDesignationMap: `${M}/unit-wise-designation-mapping`,
  unitEarningDeductionMap: `${M}/unit-wise-earning-deduction-mapping`,
  userUnitMap: `${M}/user-wise-unit-mapping`,
  unitEmployeeDocTypeMap: `${M}/unit-wise-emp-doc-type-map`,
  unitSalaryApprover: `${M}/unit-wise-salary-approve-map`,
  unitLeaveTypeMap: `${M}/unit-wise-leave-type-map`,
  // Career
  careerOpening: `${M}/carrer/carrerApply`,
  careerStep: `${M}/carrer/carrerStep`,
  unitCareerOpeningMap: `${M}/carrer/unit-wise-carrere-applying-map`,
  unitCareerStepMap: `${M}/carrer/unit-wise-career-step-map`,
  // Look-ups
  country: `${M}/country`,
  state: `${M}/state`,
  city: `${M}/city`,
  area: `${M}/area`,
  campus: `${M}/campus`,
  division: `${M}/division`,
  region: `${M}/region`,
  educationMode: `${M}/education-mode`,
  fellowshipStatus: `${M}/fellowship-status`,
  jobNature: `${M}/job-nature`,
  mobileCode: `${M}/mobile-code`,
  position: `${M}/position`,
  academicDomain: `${M}/academic-domain`,
  academicStatus: `${M}/academic-status`,
  maritalStatus: `${M}/marital-status`,
  patentStatus: `${M}/patent-status`,
  responsibility: `${M}/responsibility`,
  written: `${M}/written`,
  // Transactions
  employee: '/outlet/transaction/employee',
  salaryProcess: '/outlet/transaction/salary_process',
  employeeBonus: '/outlet/transaction/employee-bonus',
  salaryAdvance: '/outlet/transaction/salary-advance',
  salaryIncrement: '/outlet/transaction/salary_increment',
  /** Salary of the financial year paid before going live (this employer's earlier months, a previous employer's Form 12B) (issue 26). */
  earlierSalary: '/outlet/transaction/earlier-salary',
  /** Separations of the units' employees: record, approve (reporting manager, then HR) (issue 27). */
  separation: '/outlet/transaction/separation',
  /** Full and final settlements of separated employees (issue 27). */
  settlement: '/outlet/transaction/full-final-settlement',
  /** Income tax under both regimes for given figures (issue 13). */
  taxCalculator: '/outlet/tax-calculator',
  /** The dated statutory parameters in force and their history; an administrator adds a row when the law changes (issue 25). */
  statutoryParameters: '/outlet/statutory-parameters',
  /** PF arrears of approved or locked months that a later parameter row reaches: approve, arrear ECR (issue 25). */
  statutoryArrears: '/outlet/transaction/statutory-arrears',
  // Attendance
  attendance: '/outlet/attandance',
  employeeAttendance: '/outlet/employeeAttendace',
  onOffDuty: '/outlet/employeeoffonDuty',
  // Reports
  attendanceReport: '/outlet/attandance-report',
  employeeBonusReport: '/outlet/employee-bonus-report',
  shiftAttendanceCompare: '/outlet/employeeShiftScheduleWiseAttendanceCompare',
  shiftAttendanceCompareSummary: '/outlet/employeeShiftScheduleWiseAttandanceCompareSummaryReport',
  registerReports: '/outlet/various-registertype-report',
  // Registers: one menu per register, so a role is granted them one by one (the picker lists those it holds).
  registerFormA: '/outlet/various-registertype-report/form-a',
  registerFormB: '/outlet/various-registertype-report/form-b',
  registerFormC: '/outlet/various-registertype-report/form-c',
  registerFormD: '/outlet/various-registertype-report/form-d',
  registerSalary: '/outlet/various-registertype-report/salary-register',
  registerLeave: '/outlet/various-registertype-report/leave-register',
  registerJoinersLeavers: '/outlet/various-registertype-report/joiners-leavers',
  registerHeadcount: '/outlet/various-registertype-report/headcount',
  registerAdvanceOutstanding: '/outlet/various-registertype-report/advance-outstanding',
  registerArrears: '/outlet/various-registertype-report/arrears',
  registerPf: '/outlet/various-registertype-report/pf-register',
  registerEsi: '/outlet/various-registertype-report/esi-register',
  registerPt: '/outlet/various-registertype-report/pt-register',
  registerLwf: '/outlet/various-registertype-report/lwf-register',
  /** Form 24Q's deductee details (salary paid and TDS per employee and month of a quarter) for the return preparation utility. */
  register24Q: '/outlet/various-registertype-report/form-24q',
  register24QAnnexure2: '/outlet/various-registertype-report/form-24q-annexure-2',
} as const;

export type TMenuName = keyof typeof MENU;
/** A menu's path (its actionUrl): only the paths of MENU type-check. */
export type TMenuPath = (typeof MENU)[TMenuName];

export const MENU_PATHS: readonly TMenuPath[] = Object.values(MENU);

/**
 * Screens only about the signed-in person's own employee record (their requests, punches, schedule, leave summary,
 * resignation).
 * A sign-in without an employee record (an administrator or a payroll officer who is not on the payroll) is not
 * offered them: each would only fail, whatever the role grants. My profile and its documents say so on the screen;
 * the payslip, Form 16, tax declaration and ID card screens also serve staff for other employees (batches, the picker).
 */
export const OWN_RECORD_MENUS: readonly TMenuPath[] = [
  MENU.requestWfh,
  MENU.requestLeave,
  MENU.requestVisitor,
  MENU.myAttendanceLogs,
  MENU.myShiftSchedule,
  MENU.myRequests,
  MENU.myLeaveSummary,
  MENU.mySeparation,
];

export const MASTER_BASE = M;
