// The scheduled job that makes approved separations take effect from the day after the last working day.
import { defineJob } from '../../jobs/runner';
import { ZNoJobData } from '../../jobs/scheduled';
import { orgToday } from '../../lib/org-zone';
import { applySeparations } from './separations';

export const applySeparationsJob = defineJob({
  name: 'exits.apply',
  schema: ZNoJobData,
  maxAttempts: 3,
  async run(ctx) {
    return ctx.db.transaction(async (tx) => {
      const result = { separated: await applySeparations(tx, orgToday()) };
      await ctx.completeIn(tx, result);
      return result;
    });
  },
});
