// The leave register: per employee and leave type, a financial year's opening balance, credits, leave availed,
// lapsed, encashed and adjusted days and the closing balance, from the leave ledger (debits are kept negative).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { defineReport } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';

export const leaveRegister = defineReport({
  id: 'leave-register',
  title: 'Leave Register',
  menu: MENU.registerLeave,
  kind: 'register',
  description: 'Leave of a financial year by employee and leave type: opening, credited, availed, lapsed, encashed and closing balance',
  filters: [...PEOPLE_FILTERS, { kind: 'financialYear', required: true }],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.department,
    col.text('leaveType', 'Leave Type', 16, { sortable: true }),
    col.number('opening', 'Opening'),
    col.number('credited', 'Credited'),
    col.number('availed', 'Availed'),
    col.number('lapsed', 'Lapsed'),
    col.number('encashed', 'Encashed'),
    col.number('adjusted', 'Adjusted'),
    col.number('closing', 'Closing Balance'),
  ],
  groupBy: [...BY_UNIT_DEPARTMENT, { key: 'leaveType', label: 'Leave Type' }],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Leave_Register',
  source: {
    kind: 'sql',
    order: ['employeeCode', 'leaveType'],
    query: (
      ctx,
    ) => sql`select e.employee_code as "employeeCode", e.name, u.name as "unitName", d.name as "departmentName", t.name as "leaveType",
        coalesce(sum(l.days) filter (where l.kind = 'opening'), 0) as opening,
        coalesce(sum(l.days) filter (where l.kind = 'credit'), 0) as credited,
        coalesce(-sum(l.days) filter (where l.kind = 'debit'), 0) as availed,
        coalesce(-sum(l.days) filter (where l.kind = 'lapse'), 0) as lapsed,
        coalesce(-sum(l.days) filter (where l.kind = 'encash'), 0) as encashed,
        coalesce(sum(l.days) filter (where l.kind = 'adjust'), 0) as adjusted,
        sum(l.days) as closing
      from leave_ledger l join employees e on e.id = l.employee_id join units u on u.id = e.unit_id
      join departments d on d.id = e.department_id join leave_types t on t.id = l.leave_type_id
      where l.financial_year = ${ctx.f.financialYear} and ${ctx.employeeWhere(sql`e`)}
      group by e.id, e.employee_code, e.name, u.name, d.name, t.name`,
  },
});
