import { z } from 'zod';

// A processed run's warnings (issue 28): gaps that do not stop the salary but stop a statutory file or the payment —
// ESI applies without an ESI number, PF without a UAN, bank payment without a valid account or IFSC.
export const RUN_WARNING_KINDS = ['esi', 'pf', 'bank'] as const;
export const ZRunWarning = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  kind: z.enum(RUN_WARNING_KINDS),
  message: z.string(),
});
export const ZRunWarnings = z.object({ count: z.number(), rows: z.array(ZRunWarning) });
export type TRunWarning = z.infer<typeof ZRunWarning>;
export type TRunWarnings = z.infer<typeof ZRunWarnings>;
