import { sql } from 'drizzle-orm';
import { holidays, holidayUnits } from '../../db/schema';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

/**
 * The holiday master's reach: a unit-limited caller sees (lists, options, reads, exports) only the holidays that
 * apply to one of their units, and those that apply to every unit (no unit listed). Others answer 404.
 */
const holidayHooks: ResourceHooks = {
  scope: (auth) => {
    if (auth.unitIds === 'all') return undefined;
    const mine = auth.unitIds.length
      ? sql`or exists (select 1 from ${holidayUnits} where ${holidayUnits.holidayId} = ${holidays.id}
          and ${holidayUnits.unitId} = any(${`{${auth.unitIds.join(',')}}`}::int[]))`
      : sql``;
    return sql`(not exists (select 1 from ${holidayUnits} where ${holidayUnits.holidayId} = ${holidays.id}) ${mine})`;
  },
};

/** Registers these rules with the masters registry (called once, from the module's manifest). */
export function registerHolidayRules(): void {
  registerResourceHooks('holiday', holidayHooks);
}
