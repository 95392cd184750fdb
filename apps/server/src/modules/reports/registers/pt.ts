// The professional tax register of a month, per state: every employee of the month's salary runs whose unit's
// state levies PT, with the slab their salary fell in (from the PT parameters in force that month for the
// state, women's table where the state has one) and the tax deducted.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { defineReport } from '../define';
import { col } from './common';
import { FINAL_TOTALS_MS, SLIP_PEOPLE, STATUTORY_FILTERS, st, statutorySlipsFrom } from './statutory-common';

/** Rupees as the slab label prints them (no trailing .00). */
const rs = (v: ReturnType<typeof sql>) => sql`'₹' || trim_scale(${v})::text`;

/** The state's PT table in force on the month's first day (pp) and the slab (slab) the salary fell in. */
const PT_JOINS = sql`left join lateral (
    select p.data from statutory_parameters p
    where p.kind = 'pt' and p.is_active and p.state_code = upper(st.code) and p.effective_from <= make_date(r.year, r.month, 1)
    order by p.effective_from desc limit 1) pp on true
  left join lateral (
    select x.n, x.up_to, x.prev from (
      select t.n, (t.value->>'upTo')::numeric as up_to, lag((t.value->>'upTo')::numeric) over (order by t.n) as prev
      from jsonb_array_elements(case when lower(e.gender) = 'female' and pp.data ? 'femaleSlabs' then pp.data->'femaleSlabs'
        else pp.data->'slabs' end) with ordinality t(value, n)) x
    where x.up_to is null or x.up_to * 100 >= s.gross * case pp.data->>'basis' when 'half-yearly' then 6 when 'annual' then 12 else 1 end
    order by x.n limit 1) slab on true`;

export const ptRegister = defineReport({
  id: 'pt-register',
  title: 'Professional Tax Register',
  menu: MENU.registerPt,
  kind: 'register',
  description:
    'Professional tax of a month’s salary runs by state: each employee’s gross salary, the slab of the state’s table it fell in, and the tax deducted (nil outside a half-yearly state’s due months)',
  filters: [...STATUTORY_FILTERS, { kind: 'state' }],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.text('stateName', 'State', 14, { sortable: true }),
    col.text('gender', 'Gender', 8),
    col.text('slab', 'Slab', 24),
    col.money('gross', 'Gross Salary'),
    col.money('pt', 'Professional Tax'),
  ],
  groupBy: [
    { key: 'stateName', label: 'State' },
    { key: 'unitName', label: 'Unit' },
  ],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'PT_Register',
  source: {
    kind: 'sql',
    order: ['stateName', 'unitName', 'employeeCode'],
    // The state's table in force on the month's first day; the slab is the first whose ceiling the salary (the
    // month's, or six or twelve times it for a half-yearly or annual basis) does not exceed.
    query: (ctx) => sql`select ${SLIP_PEOPLE}, st.name as "stateName", e.gender, s.gross, ${st('pt')} as pt,
        case when slab.n is null then null
          when slab.up_to is null then 'Above ' || ${rs(sql`slab.prev`)}
          when slab.prev is null then 'Up to ' || ${rs(sql`slab.up_to`)}
          else ${rs(sql`slab.prev`)} || ' – ' || ${rs(sql`slab.up_to`)} end
        || case coalesce(pp.data->>'basis', 'monthly') when 'monthly' then '' when 'half-yearly' then ' (half-year)' else ' (year)' end
        as slab
      from ${statutorySlipsFrom(ctx, PT_JOINS)} and s.statutory ? 'pt' and pp.data is not null`,
    cacheTotalsMs: FINAL_TOTALS_MS,
  },
});
