import { z } from 'zod';

// The Labour Codes' wages rule on a processed run (Code on Wages s.2(y) proviso, from 21 Nov 2025): the employees
// whose excluded payments passed the limit, and how much it raised their PF (and ESI) wages. Rupees.

export const ZRunWageRuleEmployee = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  /** Basic + DA + retaining allowance plus the amount added back. */
  codeWages: z.number(),
  /** The excluded payments above the limit, deemed wages. */
  addedBack: z.number(),
  /** How much the PF wages rose above the PF-wage heads (0: they were already at or above the Code's wages). */
  pfWagesRaise: z.number(),
  esiWagesRaise: z.number(),
});
export type TRunWageRuleEmployee = z.infer<typeof ZRunWageRuleEmployee>;

export const ZRunWageRule = z.object({
  /** Whether the run's slips were computed under the rule (false: a month before it, or processed before it was built). */
  applied: z.boolean(),
  /** The limit (percent of all remuneration) and the day the rule took effect, from the parameter row in force. */
  limitPercent: z.number().nullable(),
  effectiveFrom: z.string().nullable(),
  source: z.string().nullable(),
  /** Slips under the rule, and those it changed, largest first. */
  slips: z.number(),
  employees: z.array(ZRunWageRuleEmployee),
});
export type TRunWageRule = z.infer<typeof ZRunWageRule>;
