/**
 * The menu areas (modules) and one menu per list screen of spec section 2; actionUrl is the screen's
 * full path, spelt exactly as the spec writes it. Icons are lucide icon names.
 */
export interface SeedMenu {
  label: string;
  actionUrl: string;
  icon: string;
}
export interface SeedModule {
  name: string;
  icon: string;
  menus: SeedMenu[];
}

const m = (label: string, actionUrl: string, icon: string): SeedMenu => ({ label, actionUrl, icon });
const master = (label: string, path: string, icon = 'List') => m(label, `/outlet/master/${path}`, icon);

export const MENU_TREE: SeedModule[] = [
  {
    name: 'Dashboard',
    icon: 'LayoutDashboard',
    menus: [
      m('Dashboard', '/outlet/dashboard', 'LayoutDashboard'),
      m('Admin Dashboard', '/outlet/admin-dashboard', 'Gauge'),
      m('Track Employee', '/outlet/track_emp', 'MapPin'),
    ],
  },
  {
    name: 'Requests',
    icon: 'Send',
    menus: [
      m('Work From Home', '/outlet/request/raise', 'House'),
      m('Leave Request', '/outlet/request/leave_req', 'CalendarMinus'),
      m('Visitor Notification', '/outlet/request/visitor_notify_req', 'UserPlus'),
    ],
  },
  {
    name: 'All Requests',
    icon: 'Inbox',
    menus: [
      m('Work From Home Requests', '/outlet/allRequest/wfh', 'House'),
      m('Leave Requests', '/outlet/allRequest/leave', 'CalendarMinus'),
      m('Visitor Notifications', '/outlet/allRequest/visitor_notify', 'UserPlus'),
    ],
  },
  {
    name: 'Me',
    icon: 'User',
    menus: [
      m('Attendance Logs', '/outlet/me/attendance/logs', 'Clock'),
      m('Shift Schedule', '/outlet/me/attendance/shiftschedule', 'CalendarClock'),
      m('My Requests', '/outlet/me/attendance/requests', 'ListChecks'),
      m('Leave Summary', '/outlet/me/leave/summary', 'CalendarRange'),
      m('View Shift', '/outlet/view-shift', 'CalendarDays'),
      m('Shift Details', '/outlet/shift-dtls', 'Timer'),
    ],
  },
  {
    name: 'My Profile',
    icon: 'CircleUser',
    menus: [
      m('Profile', '/outlet/myProfile/profile', 'CircleUser'),
      m('Upload Documents', '/outlet/myProfile/upload-documents', 'Upload'),
      m('Payslip', '/outlet/payslip', 'ReceiptIndianRupee'),
      m('Form 16', '/outlet/form-16', 'FileText'),
      m('ID Card', '/outlet/idCard', 'IdCard'),
    ],
  },
  {
    name: 'Master',
    icon: 'Database',
    menus: [
      master('Shift', 'shift', 'Clock'),
      master('Employee Document Type', 'employee-doctype', 'FileBadge'),
      master('Leave Type', 'leave', 'CalendarMinus'),
      master('Category', 'category', 'Tags'),
      master('Session', 'session', 'CalendarRange'),
      master('Holidays', 'holidays', 'PartyPopper'),
      master('Department', 'department', 'Building'),
      master('Units', 'units', 'Building2'),
      master('Earning / Deduction', 'earning-deduction', 'IndianRupee'),
      master('Designation', 'designation', 'BadgeCheck'),
      master('Salary Formula', 'salaryFormula', 'Sigma'),
    ],
  },
  {
    name: 'Configure',
    icon: 'Settings',
    menus: [
      master('Role', 'configure/role', 'Shield'),
      master('Module', 'configure/module', 'Boxes'),
      master('Menu', 'configure/menu', 'Menu'),
      master('Role Wise Menu Access', 'configure/roleWiseMenuAccess', 'ShieldCheck'),
      master('APK Version', 'configure/apkVersion', 'Smartphone'),
      master('User Master', 'configure/userMaster', 'Users'),
    ],
  },
  {
    name: 'Mappings',
    icon: 'Network',
    menus: [
      master('Unit Wise Department', 'unit-wise-department-mapping', 'Network'),
      master('Unit Wise Designation', 'unit-wise-designation-mapping', 'Network'),
      master('Unit Wise Earning / Deduction', 'unit-wise-earning-deduction-mapping', 'Network'),
      master('User Wise Unit', 'user-wise-unit-mapping', 'UserCog'),
      master('Unit Wise Employee Document Type', 'unit-wise-emp-doc-type-map', 'Network'),
      master('Unit Wise Salary Approver', 'unit-wise-salary-approve-map', 'UserCheck'),
    ],
  },
  {
    name: 'Career',
    icon: 'Briefcase',
    menus: [
      master('Career Applying', 'carrer/carrerApply', 'Briefcase'),
      master('Career Step', 'carrer/carrerStep', 'Footprints'),
      master('Unit Wise Career Applying', 'carrer/unit-wise-carrere-applying-map', 'Network'),
      master('Unit Wise Career Step', 'carrer/unit-wise-career-step-map', 'Network'),
    ],
  },
  {
    name: 'Look-ups',
    icon: 'BookOpen',
    menus: [
      master('Country', 'country', 'Globe'),
      master('State', 'state', 'Map'),
      master('City', 'city', 'MapPin'),
      master('Area', 'area', 'MapPinned'),
      master('Campus', 'campus', 'School'),
      master('Division', 'division'),
      master('Region', 'region'),
      master('Education Mode', 'education-mode', 'GraduationCap'),
      master('Fellowship Status', 'fellowship-status'),
      master('Job Nature', 'job-nature'),
      master('Mobile Code', 'mobile-code', 'Phone'),
      master('Position', 'position'),
      master('Academic Domain', 'academic-domain'),
      master('Academic Status', 'academic-status'),
      master('Marital Status', 'marital-status'),
      master('Patent Status', 'patent-status'),
      master('Responsibility', 'responsibility'),
      master('Written', 'written'),
    ],
  },
  {
    name: 'Transactions',
    icon: 'Wallet',
    menus: [
      m('Employee', '/outlet/transaction/employee', 'Users'),
      m('Salary Process', '/outlet/transaction/salary_process', 'Calculator'),
      m('Employee Bonus', '/outlet/transaction/employee-bonus', 'Gift'),
      m('Salary Advance', '/outlet/transaction/salary-advance', 'HandCoins'),
      m('Salary Increment', '/outlet/transaction/salary_increment', 'TrendingUp'),
    ],
  },
  {
    name: 'Attendance',
    icon: 'CalendarCheck',
    menus: [
      m('Attendance', '/outlet/attandance', 'CalendarCheck'),
      m('Employee Attendance', '/outlet/employeeAttendace', 'ClipboardCheck'),
      m('On Duty / Off Duty', '/outlet/employeeoffonDuty', 'UserCheck'),
    ],
  },
  {
    name: 'Reports',
    icon: 'FileChartColumn',
    menus: [
      m('Attendance Report', '/outlet/attandance-report', 'FileChartColumn'),
      m('Employee Bonus Report', '/outlet/employee-bonus-report', 'FileChartColumn'),
      m('Shift Schedule vs Attendance', '/outlet/employeeShiftScheduleWiseAttendanceCompare', 'FileChartColumn'),
      m('Shift Schedule vs Attendance Summary', '/outlet/employeeShiftScheduleWiseAttandanceCompareSummaryReport', 'FileChartColumn'),
      m('Various Register Types', '/outlet/various-registertype-report', 'FileSpreadsheet'),
    ],
  },
];

export type SeedAction = 'view' | 'add' | 'edit' | 'delete' | 'approve';
const VIEW: SeedAction[] = ['view'];
const RAISE: SeedAction[] = ['view', 'add', 'edit', 'delete'];

/** Actions everyone holds on their own screens (staff and managers alike). */
const OWN_SCREENS: Record<string, SeedAction[]> = {
  '/outlet/dashboard': VIEW,
  '/outlet/request/raise': RAISE,
  '/outlet/request/leave_req': RAISE,
  '/outlet/request/visitor_notify_req': RAISE,
  '/outlet/me/attendance/logs': VIEW,
  '/outlet/me/attendance/shiftschedule': VIEW,
  '/outlet/me/attendance/requests': VIEW,
  '/outlet/me/leave/summary': VIEW,
  '/outlet/myProfile/profile': ['view', 'edit'],
  '/outlet/myProfile/upload-documents': ['view', 'add', 'edit', 'delete'],
  '/outlet/payslip': VIEW,
  '/outlet/form-16': VIEW,
  '/outlet/idCard': VIEW,
  '/outlet/view-shift': VIEW,
  '/outlet/shift-dtls': VIEW,
};

/** Role-wise menu access of the demo roles, by actionUrl. Administrator holds every action everywhere. */
export const ROLE_ACCESS: Record<'Manager' | 'Employee', Record<string, SeedAction[]>> = {
  Manager: {
    ...OWN_SCREENS,
    '/outlet/admin-dashboard': VIEW,
    '/outlet/track_emp': VIEW,
    '/outlet/allRequest/wfh': ['view', 'approve'],
    '/outlet/allRequest/leave': ['view', 'approve'],
    '/outlet/allRequest/visitor_notify': ['view', 'approve'],
    '/outlet/attandance': VIEW,
    '/outlet/employeeAttendace': VIEW,
    '/outlet/employeeoffonDuty': VIEW,
    '/outlet/attandance-report': VIEW,
    '/outlet/employee-bonus-report': VIEW,
    '/outlet/employeeShiftScheduleWiseAttendanceCompare': VIEW,
    '/outlet/employeeShiftScheduleWiseAttandanceCompareSummaryReport': VIEW,
    '/outlet/various-registertype-report': VIEW,
    '/outlet/transaction/employee': VIEW,
  },
  Employee: { ...OWN_SCREENS },
};
