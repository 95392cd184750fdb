import { sql } from 'drizzle-orm';
import { holidays, holidayUnits } from '../../db/schema';
import { unitScope } from '../access/context';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

/**
 * The holiday master's reach: a unit-limited caller sees (lists, options, reads, exports) only the holidays that
 * apply to one of their units, and those that apply to every unit (no unit listed). Others answer 404.
 */
const holidayHooks: ResourceHooks = {
  scope: (auth) => {
    const mine = unitScope(auth, holidayUnits.unitId);
    if (!mine) return undefined;
    return sql`(not exists (select 1 from ${holidayUnits} where ${holidayUnits.holidayId} = ${holidays.id})
      or exists (select 1 from ${holidayUnits} where ${holidayUnits.holidayId} = ${holidays.id} and ${mine}))`;
  },
};

/** Registers these rules with the masters registry (called once, from the module's manifest). */
export function registerHolidayRules(): void {
  registerResourceHooks('holiday', holidayHooks);
}
