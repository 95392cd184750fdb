import { z } from 'zod';

/** One thing a unit needs before it can run attendance and payroll (the unit set-up checklist, issue 28). */
export const ZUnitSetupItem = z.object({
  key: z.enum(['departments', 'designations', 'heads', 'leaveTypes', 'approvers', 'holidays', 'shifts']),
  label: z.string(),
  /** How many there are (mapped departments, this year's holidays, employees with a shift today…). */
  count: z.number().int(),
  /** Employees still without a shift today ('shifts' only; 0 elsewhere). */
  missing: z.number().int(),
  done: z.boolean(),
  /** What the line says, e.g. "3 departments mapped" or "No holiday of 2026 includes this unit". */
  detail: z.string(),
  /** The screen that sets it (a menu path). */
  link: z.string(),
});
export type TUnitSetupItem = z.infer<typeof ZUnitSetupItem>;

export const ZUnitSetup = z.object({
  unitId: z.number().int(),
  items: z.array(ZUnitSetupItem),
});
export type TUnitSetup = z.infer<typeof ZUnitSetup>;
