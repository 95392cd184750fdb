import { z } from 'zod';

/**
 * A unit's staff figures on the dashboard. "This month" is the calendar month of today in the
 * organisation's time zone. Only for callers who may see the unit's staff (not self-service users).
 */
export const ZUnitFigures = z.object({
  /** Employees with status 'active'. */
  active: z.number().int(),
  /** Employees with status 'onNotice'. */
  onNotice: z.number().int(),
  /** Employees (any status) whose date of joining falls in this month. */
  joinedThisMonth: z.number().int(),
  /** Exited employees whose exit date falls in this month. */
  exitedThisMonth: z.number().int(),
  /** Active employees lacking at least one document type the unit maps as mandatory. */
  missingDocuments: z.number().int(),
});
export type TUnitFigures = z.infer<typeof ZUnitFigures>;

export const ZDashboardUnit = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
  /** null when the caller may not see the unit's staff (self-service employees). */
  figures: ZUnitFigures.nullable(),
});
export type TDashboardUnit = z.infer<typeof ZDashboardUnit>;

export const ZDashboardSummary = z.object({
  /** 'YYYY-MM-DD' in the organisation's time zone. */
  today: z.string(),
  timeZone: z.string(),
  /** 'YYYY-MM': the month the figures count. */
  month: z.string(),
  units: z.array(ZDashboardUnit),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
