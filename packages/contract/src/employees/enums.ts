// The fixed lists an employee's record chooses from.

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const EMPLOYEE_STATUSES = ['active', 'onNotice', 'exited'] as const;
export const STATUS_LABEL: Record<(typeof EMPLOYEE_STATUSES)[number], string> = {
  active: 'Active',
  onNotice: 'On notice',
  exited: 'Exited',
};
/** payModeId as the payslip reads it: 2 = bank ('Through Bank'), anything else cash. */
export const PAY_MODES = [
  { id: 1, name: 'Cash' },
  { id: 2, name: 'Bank' },
  { id: 3, name: 'Cheque' },
] as const;
export const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
