import { MENU, type TMenuPath } from '@hr/contract';

/**
 * The menu areas (modules) and one menu per list screen of spec section 2; actionUrl is the screen's
 * full path, spelt exactly as the spec writes it. Icons are lucide icon names.
 */
export interface SeedMenu {
  label: string;
  actionUrl: TMenuPath;
  icon: string;
}
export interface SeedModule {
  name: string;
  icon: string;
  menus: SeedMenu[];
}

const m = (label: string, actionUrl: TMenuPath, icon: string): SeedMenu => ({ label, actionUrl, icon });

export const MENU_TREE: SeedModule[] = [
  {
    name: 'Dashboard',
    icon: 'LayoutDashboard',
    menus: [
      m('Dashboard', MENU.dashboard, 'LayoutDashboard'),
      m('Admin Dashboard', MENU.adminDashboard, 'Gauge'),
      m('Track Employee', MENU.trackEmployee, 'MapPin'),
    ],
  },
  {
    name: 'Requests',
    icon: 'Send',
    menus: [
      m('Work From Home', MENU.requestWfh, 'House'),
      m('Leave Request', MENU.requestLeave, 'CalendarMinus'),
      m('Visitor Notification', MENU.requestVisitor, 'UserPlus'),
    ],
  },
  {
    name: 'All Requests',
    icon: 'Inbox',
    menus: [
      m('Work From Home Requests', MENU.allRequestWfh, 'House'),
      m('Leave Requests', MENU.allRequestLeave, 'CalendarMinus'),
      m('Visitor Notifications', MENU.allRequestVisitor, 'UserPlus'),
    ],
  },
  {
    name: 'Me',
    icon: 'User',
    menus: [
      m('Attendance Logs', MENU.myAttendanceLogs, 'Clock'),
      m('Shift Schedule', MENU.myShiftSchedule, 'CalendarClock'),
      m('My Requests', MENU.myRequests, 'ListChecks'),
      m('Leave Summary', MENU.myLeaveSummary, 'CalendarRange'),
      m('View Shift', MENU.viewShift, 'CalendarDays'),
      m('Shift Details', MENU.shiftDetails, 'Timer'),
    ],
  },
  {
    name: 'My Profile',
    icon: 'CircleUser',
    menus: [
      m('Profile', MENU.profile, 'CircleUser'),
      m('Upload Documents', MENU.uploadDocuments, 'Upload'),
      m('Payslip', MENU.payslip, 'ReceiptIndianRupee'),
      m('Form 16', MENU.form16, 'FileText'),
      m('Tax Declaration', MENU.taxDeclaration, 'FileText'),
      m('ID Card', MENU.idCard, 'IdCard'),
      m('My Separation', MENU.mySeparation, 'FileText'),
    ],
  },
  {
    name: 'Master',
    icon: 'Database',
    menus: [
      m('Shift', MENU.shift, 'Clock'),
      m('Employee Document Type', MENU.employeeDocType, 'FileBadge'),
      m('Leave Type', MENU.leaveType, 'CalendarMinus'),
      m('Category', MENU.category, 'Tags'),
      m('Session', MENU.academicSession, 'CalendarRange'),
      m('Holidays', MENU.holiday, 'PartyPopper'),
      m('Department', MENU.department, 'Building'),
      m('Units', MENU.unit, 'Building2'),
      m('Earning / Deduction', MENU.earningDeduction, 'IndianRupee'),
      m('Designation', MENU.designation, 'BadgeCheck'),
      m('Salary Formula', MENU.salaryFormula, 'Sigma'),
      m('Biometric Device', MENU.biometricDevice, 'Fingerprint'),
      m('PF / ESIC Establishments', MENU.statutoryEstablishment, 'Building2'),
    ],
  },
  {
    name: 'Configure',
    icon: 'Settings',
    menus: [
      m('Role', MENU.role, 'Shield'),
      m('Module', MENU.module, 'Boxes'),
      m('Menu', MENU.menu, 'Menu'),
      m('Role Wise Menu Access', MENU.roleWiseMenuAccess, 'ShieldCheck'),
      m('APK Version', MENU.apkVersion, 'Smartphone'),
      m('User Master', MENU.userMaster, 'Users'),
      m('Audit Trail', MENU.auditTrail, 'History'),
    ],
  },
  {
    name: 'Mappings',
    icon: 'Network',
    menus: [
      m('Unit Wise Department', MENU.unitDepartmentMap, 'Network'),
      m('Unit Wise Designation', MENU.unitDesignationMap, 'Network'),
      m('Unit Wise Earning / Deduction', MENU.unitEarningDeductionMap, 'Network'),
      m('User Wise Unit', MENU.userUnitMap, 'UserCog'),
      m('Unit Wise Employee Document Type', MENU.unitEmployeeDocTypeMap, 'Network'),
      m('Unit Wise Salary Approver', MENU.unitSalaryApprover, 'UserCheck'),
      m('Unit Wise Leave Type', MENU.unitLeaveTypeMap, 'Network'),
    ],
  },
  {
    name: 'Career',
    icon: 'Briefcase',
    menus: [
      m('Career Applying', MENU.careerOpening, 'Briefcase'),
      m('Career Step', MENU.careerStep, 'Footprints'),
      m('Unit Wise Career Applying', MENU.unitCareerOpeningMap, 'Network'),
      m('Unit Wise Career Step', MENU.unitCareerStepMap, 'Network'),
    ],
  },
  {
    name: 'Look-ups',
    icon: 'BookOpen',
    menus: [
      m('Country', MENU.country, 'Globe'),
      m('State', MENU.state, 'Map'),
      m('City', MENU.city, 'MapPin'),
      m('Area', MENU.area, 'MapPinned'),
      m('Campus', MENU.campus, 'School'),
      m('Division', MENU.division, 'List'),
      m('Region', MENU.region, 'List'),
      m('Education Mode', MENU.educationMode, 'GraduationCap'),
      m('Fellowship Status', MENU.fellowshipStatus, 'List'),
      m('Job Nature', MENU.jobNature, 'List'),
      m('Mobile Code', MENU.mobileCode, 'Phone'),
      m('Position', MENU.position, 'List'),
      m('Academic Domain', MENU.academicDomain, 'List'),
      m('Academic Status', MENU.academicStatus, 'List'),
      m('Marital Status', MENU.maritalStatus, 'List'),
      m('Patent Status', MENU.patentStatus, 'List'),
      m('Responsibility', MENU.responsibility, 'List'),
      m('Written', MENU.written, 'List'),
    ],
  },
  {
    name: 'Transactions',
    icon: 'Wallet',
    menus: [
      m('Employee', MENU.employee, 'Users'),
      m('Salary Process', MENU.salaryProcess, 'Calculator'),
      m('Employee Bonus', MENU.employeeBonus, 'Gift'),
      m('Salary Advance', MENU.salaryAdvance, 'HandCoins'),
      m('Salary Increment', MENU.salaryIncrement, 'TrendingUp'),
      m('Earlier Salary', MENU.earlierSalary, 'History'),
      m('Separation', MENU.separation, 'UserCheck'),
      m('Full & Final Settlement', MENU.settlement, 'ReceiptIndianRupee'),
      m('Tax Calculator', MENU.taxCalculator, 'Calculator'),
      m('Statutory Parameters', MENU.statutoryParameters, 'BookOpen'),
      m('Statutory Arrears', MENU.statutoryArrears, 'FileBadge'),
    ],
  },
  {
    name: 'Attendance',
    icon: 'CalendarCheck',
    menus: [
      m('Attendance', MENU.attendance, 'CalendarCheck'),
      m('Employee Attendance', MENU.employeeAttendance, 'ClipboardCheck'),
      m('On Duty / Off Duty', MENU.onOffDuty, 'UserCheck'),
    ],
  },
  {
    name: 'Reports',
    icon: 'FileChartColumn',
    menus: [
      m('Attendance Report', MENU.attendanceReport, 'FileChartColumn'),
      m('Employee Bonus Report', MENU.employeeBonusReport, 'FileChartColumn'),
      m('Shift Schedule vs Attendance', MENU.shiftAttendanceCompare, 'FileChartColumn'),
      m('Shift Schedule vs Attendance Summary', MENU.shiftAttendanceCompareSummary, 'FileChartColumn'),
      m('Various Register Types', MENU.registerReports, 'FileSpreadsheet'),
    ],
  },
  {
    name: 'Registers',
    icon: 'BookOpen',
    menus: [
      m('Form A — Employee Register', MENU.registerFormA, 'FileSpreadsheet'),
      m('Form B — Wage Register', MENU.registerFormB, 'FileSpreadsheet'),
      m('Form C — Loans and Recoveries', MENU.registerFormC, 'FileSpreadsheet'),
      m('Form D — Attendance Register', MENU.registerFormD, 'FileSpreadsheet'),
      m('Salary Register', MENU.registerSalary, 'FileSpreadsheet'),
      m('Leave Register', MENU.registerLeave, 'FileSpreadsheet'),
      m('Joiners and Leavers', MENU.registerJoinersLeavers, 'FileSpreadsheet'),
      m('Headcount', MENU.registerHeadcount, 'FileSpreadsheet'),
      m('Advance Outstanding', MENU.registerAdvanceOutstanding, 'FileSpreadsheet'),
      m('Arrears', MENU.registerArrears, 'FileSpreadsheet'),
      m('PF Register', MENU.registerPf, 'FileSpreadsheet'),
      m('ESI Register', MENU.registerEsi, 'FileSpreadsheet'),
      m('Professional Tax Register', MENU.registerPt, 'FileSpreadsheet'),
      m('Labour Welfare Fund Register', MENU.registerLwf, 'FileSpreadsheet'),
      m('Form 24Q — TDS Deductee Details', MENU.register24Q, 'FileSpreadsheet'),
      m('Form 24Q / 138 — Annexure II', MENU.register24QAnnexure2, 'FileSpreadsheet'),
    ],
  },
];

export type SeedAction = 'view' | 'add' | 'edit' | 'delete' | 'approve';
const VIEW: SeedAction[] = ['view'];

/** Every register of the Registers module (the managers and the payroll office read them all). */
const REGISTERS: Partial<Record<TMenuPath, SeedAction[]>> = Object.fromEntries(
  MENU_TREE.filter((mod) => mod.name === 'Registers').flatMap((mod) => mod.menus.map((menu) => [menu.actionUrl, VIEW])),
);
const RAISE: SeedAction[] = ['view', 'add', 'edit', 'delete'];

/** Actions everyone holds on their own screens (staff and managers alike). */
const OWN_SCREENS: Partial<Record<TMenuPath, SeedAction[]>> = {
  [MENU.dashboard]: VIEW,
  [MENU.requestWfh]: RAISE,
  [MENU.requestLeave]: RAISE,
  [MENU.requestVisitor]: RAISE,
  [MENU.myAttendanceLogs]: VIEW,
  [MENU.myShiftSchedule]: VIEW,
  [MENU.myRequests]: VIEW,
  [MENU.myLeaveSummary]: VIEW,
  [MENU.profile]: ['view', 'edit'],
  [MENU.uploadDocuments]: ['view', 'add', 'edit', 'delete'],
  [MENU.payslip]: VIEW,
  [MENU.form16]: VIEW,
  [MENU.taxDeclaration]: ['view', 'edit'],
  [MENU.idCard]: VIEW,
  [MENU.mySeparation]: ['view', 'add', 'edit'],
  [MENU.viewShift]: VIEW,
  [MENU.shiftDetails]: VIEW,
};

/** Role-wise menu access of the demo roles, by actionUrl. Administrator holds every action everywhere. */
export const ROLE_ACCESS: Record<'Manager' | 'Employee' | 'Payroll Officer', Partial<Record<TMenuPath, SeedAction[]>>> = {
  Manager: {
    ...OWN_SCREENS,
    [MENU.adminDashboard]: VIEW,
    [MENU.trackEmployee]: VIEW,
    [MENU.allRequestWfh]: ['view', 'approve'],
    [MENU.allRequestLeave]: ['view', 'approve'],
    [MENU.allRequestVisitor]: ['view', 'approve'],
    // A manager marks days by hand, approves corrections and keeps the roster of their units.
    [MENU.attendance]: ['view', 'edit', 'approve'],
    [MENU.viewShift]: RAISE,
    [MENU.employeeAttendance]: VIEW,
    [MENU.onOffDuty]: VIEW,
    [MENU.attendanceReport]: VIEW,
    [MENU.employeeBonusReport]: VIEW,
    [MENU.shiftAttendanceCompare]: VIEW,
    [MENU.shiftAttendanceCompareSummary]: VIEW,
    [MENU.registerReports]: VIEW,
    ...REGISTERS,
    [MENU.employee]: VIEW,
    // A unit's salary approver of a level approves its runs; advances of the unit's staff too.
    [MENU.salaryProcess]: ['view', 'approve'],
    [MENU.statutoryArrears]: ['view', 'approve'],
    [MENU.salaryAdvance]: ['view', 'approve'],
    // The reporting manager approves a separation first; HR (an approver of the unit) then.
    [MENU.separation]: ['view', 'approve'],
    [MENU.settlement]: ['view', 'approve'],
  },
  Employee: { ...OWN_SCREENS },
  // The payroll office: prepares salaries (the maker); approvers (the checkers) approve them.
  'Payroll Officer': {
    ...OWN_SCREENS,
    [MENU.adminDashboard]: VIEW,
    [MENU.employee]: VIEW,
    [MENU.earningDeduction]: VIEW,
    [MENU.unitEarningDeductionMap]: VIEW,
    [MENU.unitSalaryApprover]: VIEW,
    [MENU.salaryFormula]: RAISE,
    [MENU.salaryProcess]: ['view', 'add', 'edit'],
    [MENU.statutoryArrears]: ['view', 'add', 'edit'],
    [MENU.salaryAdvance]: ['view', 'add', 'edit'],
    [MENU.salaryIncrement]: ['view', 'add', 'edit'],
    [MENU.earlierSalary]: ['view', 'add', 'edit', 'delete'],
    [MENU.separation]: ['view', 'add', 'edit'],
    [MENU.settlement]: ['view', 'add', 'edit'],
    [MENU.taxCalculator]: VIEW,
    [MENU.statutoryParameters]: RAISE,
    [MENU.employeeBonus]: RAISE,
    [MENU.employeeBonusReport]: VIEW,
    [MENU.registerReports]: VIEW,
    ...REGISTERS,
  },
};
