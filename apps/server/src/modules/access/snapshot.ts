import { z } from 'zod';
import type { AuthContext } from './context';

/** The caller as a job keeps it: the job does its work within what the starter could reach. */
export const ZAuthSnapshot: z.ZodType<AuthContext> = z.object({
  userId: z.number(),
  userName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  isAdmin: z.boolean(),
  isSelfService: z.boolean(),
  employeeId: z.number().nullable(),
  unitIds: z.union([z.literal('all'), z.array(z.number())]),
  sessionId: z.number(),
});
