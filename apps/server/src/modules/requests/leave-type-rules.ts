import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { BadRequest, type FieldErrors } from '../../lib/errors';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

/** The leave type master's rules (leave policy). */
const leaveTypeHooks: ResourceHooks = {
  beforeSave({ data }) {
    if (Number(data.carryForwardLimit) > 0 && Number(data.yearlyQuota) === 0) {
      throw new BadRequest('Invalid leave type', {
        carryForwardLimit: ['A leave with no yearly quota cannot carry forward'],
      });
    }
  },
};

type UnitTerms = { leaveTypeId: number; yearlyQuota?: unknown; maxBalance?: unknown; carryForwardLimit?: unknown };

/**
 * A unit's own terms for its leave types, each override read with the type's own value where it gives none: no
 * carry-forward without a yearly quota (as the master says), and a carry-forward limit within the maximum balance
 * (a carry beyond it could never be credited). Field errors under `prefix(n)` (`items.<n>.` for a checklist).
 */
async function checkUnitTerms(tx: Tx, lines: readonly UnitTerms[], prefix: (n: number) => string): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.leaveTypeId))];
  if (ids.length === 0) return;
  const own = new Map(
    (
      await queryRows<{ id: number; yearlyQuota: number; maxBalance: number; carryForwardLimit: number }>(
        tx,
        sql`select id, yearly_quota::float8 as "yearlyQuota", max_balance::float8 as "maxBalance",
              carry_forward_limit::float8 as "carryForwardLimit"
            from leave_types where id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((r) => [r.id, r]),
  );
  const errors: FieldErrors = {};
  lines.forEach((l, n) => {
    const type = own.get(l.leaveTypeId);
    if (!type) return;
    const pick = (k: 'yearlyQuota' | 'maxBalance' | 'carryForwardLimit') => (l[k] === null || l[k] === undefined ? type[k] : Number(l[k]));
    const [quota, max, carry] = [pick('yearlyQuota'), pick('maxBalance'), pick('carryForwardLimit')];
    if (carry > 0 && quota === 0) errors[`${prefix(n)}carryForwardLimit`] = ['A leave with no yearly quota cannot carry forward'];
    else if (max > 0 && carry > max) errors[`${prefix(n)}carryForwardLimit`] = [`At most the maximum balance (${max} days)`];
  });
  if (Object.keys(errors).length) throw new BadRequest('Invalid unit-wise leave terms', errors);
}

/** The unit-wise leave type mapping: a row (list form) and a unit's whole checklist obey the same rules. */
const unitLeaveTypeMapHooks: ResourceHooks = {
  async beforeSave({ tx, data, before }) {
    const line = { ...before, ...data } as UnitTerms;
    await checkUnitTerms(tx, [line], () => '');
  },
  async beforeMappingSave({ tx, items }) {
    await checkUnitTerms(
      tx,
      items.map((i) => ({ ...i, leaveTypeId: i.itemId })),
      (n) => `items.${n}.`,
    );
  },
};

/** Registers these rules with the masters registry (called once, from the module's manifest). */
export function registerLeaveTypeRules(): void {
  registerResourceHooks('leaveType', leaveTypeHooks);
  registerResourceHooks('unitLeaveTypeMap', unitLeaveTypeMapHooks);
}
