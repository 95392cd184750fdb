import { defaultWageClass, HRA_CODE } from '@hr/payroll';
import { and, eq, ne } from 'drizzle-orm';
import { earningDeductions } from '../../db/schema';
import { BadRequest, Conflict } from '../../lib/errors';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';
import { registerEstablishmentRules } from './establishment-rules';

const ROLE_NAMES: Record<string, string> = {
  pf_employee: 'PF',
  esi_employee: 'ESI',
  pt: 'professional tax',
  lwf_employee: 'labour welfare fund',
  tds: 'income tax (TDS)',
};

/**
 * The earning / deduction head master's rules: one net pay head, which is neither overtime nor LWOP; a statutory
 * role only on a deduction that is nothing else (not net pay, overtime or LWOP) and one active head per role (a
 * formula for it is refused by the formula routes); PF- and ESI-wage flags only on earnings.
 */
const earningDeductionHooks: ResourceHooks = {
  async beforeSave({ tx, data, id, before }) {
    const value = (k: string) => (k in data ? data[k] : before?.[k]);
    const role = (value('statutory') as string | null | undefined) ?? null;
    const earning = value('isEarning') !== false;
    if (role) {
      const problems: Record<string, string[]> = {};
      if (earning) problems.statutory = [`A ${ROLE_NAMES[role] ?? role} head is a deduction: turn Earning off`];
      else if (value('isNetPayHead') || value('isOverTimeHead') || value('isTotalLWOPHead'))
        problems.statutory = ['A statutory head cannot also be the net pay, an overtime or an LWOP head'];
      if (Object.keys(problems).length) throw new BadRequest('Invalid head', problems);
      if (value('isActive') !== false) {
        const [other] = await tx
          .select({ name: earningDeductions.name })
          .from(earningDeductions)
          .where(
            and(eq(earningDeductions.statutory, role), eq(earningDeductions.isActive, true), id ? ne(earningDeductions.id, id) : undefined),
          )
          .limit(1);
        if (other)
          throw new Conflict(
            `'${other.name}' is already the ${ROLE_NAMES[role] ?? role} head; only one active head may have a role`,
            'statutory',
          );
      }
    }
    if (!earning && value('taxSection')) {
      throw new BadRequest('Invalid head', { taxSection: ['Only an earning is a perquisite or profits in lieu of salary'] });
    }
    // The Labour Codes' class (Code on Wages s.2(y)): an earning's, by its flags when not chosen; none on a deduction.
    if (!earning && data.wageClass) {
      throw new BadRequest('Invalid head', { wageClass: ['Only an earning has a Labour Codes class'] });
    }
    if (earning && !value('isNetPayHead') && !value('isTotalLWOPHead')) {
      data.wageClass ??= defaultWageClass({
        isPfWage: value('isPfWage') === true,
        isOverTimeHead: value('isOverTimeHead') === true,
        isHra: String(value('code') ?? '').toUpperCase() === HRA_CODE,
      });
    } else if ('wageClass' in data || before?.wageClass) data.wageClass = null;
    if (!earning && (value('isPfWage') || value('isEsiWage'))) {
      throw new BadRequest('Invalid head', {
        [value('isPfWage') ? 'isPfWage' : 'isEsiWage']: ['Only an earning can be PF or ESI wages'],
      });
    }
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
};

/** Registers these rules (and the PF / ESIC establishments') with the masters registry (once, from the module's manifest). */
export function registerHeadRules(): void {
  registerResourceHooks('earningDeduction', earningDeductionHooks);
  registerEstablishmentRules();
}
