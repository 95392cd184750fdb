import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/runner';
import { orgToday } from '../../lib/org-zone';
import { postDueLeave } from './ledger-post';

const ZLeavePost = z
  .object({
    /** The day to post up to (default today in the attendance time zone); tests and back-filling name one. */
    asOf: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .strict();

export const leavePostJob = defineJob({
  name: 'leave.post',
  schema: ZLeavePost,
  maxAttempts: 3,
  async run(ctx, data) {
    const asOf = data.asOf ?? orgToday();
    return ctx.db.transaction(async (tx) => {
      // One poster at a time (a scheduled run and a back-fill enqueued by hand).
      await tx.execute(sql`select pg_advisory_xact_lock(1212, 0)`);
      const result = { asOf, ...(await postDueLeave(tx, asOf)) };
      await ctx.completeIn(tx, result);
      return result;
    });
  },
});
