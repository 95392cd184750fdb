import { and, eq, ne } from 'drizzle-orm';
import { earningDeductions } from '../../db/schema';
import { BadRequest, Conflict } from '../../lib/errors';
import { registerResourceHooks } from '../masters/hooks';

/** The earning / deduction head master's rules: one net pay head, which is neither overtime nor LWOP. */
registerResourceHooks('earningDeduction', {
  async beforeSave({ tx, data, id }) {
    if (data.isNetPayHead && data.isActive !== false) {
      const others = await tx
        .select({ id: earningDeductions.id, name: earningDeductions.name })
        .from(earningDeductions)
        .where(
          and(
            eq(earningDeductions.isNetPayHead, true),
            eq(earningDeductions.isActive, true),
            id ? ne(earningDeductions.id, id) : undefined,
          ),
        )
        .limit(1);
      if (others.length) {
        throw new Conflict(`'${others[0].name}' is already the net pay head; only one may exist`, 'isNetPayHead');
      }
    }
    if (data.isNetPayHead && (data.isOverTimeHead || data.isTotalLWOPHead)) {
      throw new BadRequest('Invalid head', { isNetPayHead: ['The net pay head cannot also be an overtime or LWOP head'] });
    }
  },
});
