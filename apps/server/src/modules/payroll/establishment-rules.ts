// The PF / ESIC establishment master's rules (statutory_establishments): the code in the form its authority gives
// it — an EPFO establishment code (two letters of the state, three of the office, seven digits, a three-digit
// extension: KN/BNG/0012345/000, slashes optional) or ESIC's 17-digit employer code — and each unit under at most
// one establishment of each kind (the EPF administration charges are worked out per establishment).
import { identifierMessage, isIdentifier } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { BadRequest, Conflict } from '../../lib/errors';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

const establishmentHooks: ResourceHooks = {
  async beforeSave({ tx, data, id, before }) {
    const kind = (data.kind ?? before?.kind) as string;
    if (typeof data.code === 'string') data.code = data.code.trim().toUpperCase();
    const code = String(data.code ?? before?.code ?? '');
    // The shape of the kind's code, through the shared identifier shapes (identifiers.ts).
    const shape = kind === 'pf' ? 'pfEstablishment' : kind === 'esi' ? 'esicEmployer' : null;
    if (shape && !isIdentifier(shape, code))
      throw new BadRequest('Invalid establishment', {
        code: [identifierMessage(kind === 'pf' ? 'An EPFO establishment code' : 'ESIC’s employer code', shape)],
      });
    const unitIds = (data.unitIds as number[] | undefined) ?? [];
    if (!unitIds.length || data.isActive === false) return;
    const taken = await queryRows<{ unit: string; code: string }>(
      tx,
      sql`select u.name as unit, e.code from statutory_establishment_units l
          join statutory_establishments e on e.id = l.establishment_id join units u on u.id = l.unit_id
          where e.kind = ${kind} and e.is_active and l.unit_id = any(${`{${unitIds.map(Number).join(',')}}`}::int[]) ${id ? sql`and e.id <> ${id}` : sql``}
          order by u.name`,
    );
    if (taken.length)
      throw new Conflict(
        `${taken.map((t) => `${t.unit} is already under ${t.code}`).join('; ')}: a unit has one ${kind === 'pf' ? 'PF' : 'ESIC'} code`,
        'unitIds',
      );
  },
};

/** Registers these rules with the masters registry (from the payroll manifest, through registerHeadRules). */
export function registerEstablishmentRules(): void {
  registerResourceHooks('statutoryEstablishment', establishmentHooks);
}
