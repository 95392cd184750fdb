import type { TAdvancesWidget, TDocumentsWidget, TOccasionsWidget, TPayrollCostWidget } from '@hr/contract';
import { Cake, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDate, formatRupees, formatRupeesShort } from '@/lib/format';
import { CHART_COLORS, ChartTable, ChartWithTable, Stat, shortMonth, Widget } from '../widgets';
import { axisProps, type Filter, useWidget } from './useWidget';

/** Gross, net and employer contributions of the last 12 processed months. */
export function PayrollCostWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TPayrollCostWidget>('payroll-cost', filter);
  return (
    <Widget
      title="Payroll cost"
      description="The last 12 processed months up to the chosen month"
      query={q}
      testId="widget-payroll-cost"
      isEmpty={(d) => d.months.length === 0}
      empty="No salary month has been processed for these units yet."
      className="lg:col-span-2"
    >
      {(d) => (
        <div className="space-y-2">
          <ChartWithTable
            caption="Payroll cost by month, in rupees"
            rows={d.months}
            columns={[
              { label: 'Month', value: (r) => shortMonth(r.month) },
              { label: 'Employees', value: (r) => formatCount(r.employees), numeric: true },
              { label: 'Gross', value: (r) => formatRupees(r.gross), numeric: true },
              { label: 'Deductions', value: (r) => formatRupees(r.deductions), numeric: true },
              { label: 'Net', value: (r) => formatRupees(r.net), numeric: true },
              {
                label: 'Employer contributions',
                value: (r) => (r.employerContributions === null ? 'Not recorded' : formatRupees(r.employerContributions)),
                numeric: true,
              },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={d.months.map((m) => ({ ...m, label: shortMonth(m.month) }))} margin={{ left: 8, right: 16 }}>
                  <CartesianGrid vertical={false} strokeOpacity={0.3} />
                  <XAxis dataKey="label" {...axisProps} />
                  <YAxis width={72} tickFormatter={(v: number) => formatRupeesShort(v)} {...axisProps} />
                  <Tooltip formatter={(v) => formatRupees(Number(v))} />
                  <Legend />
                  <Line dataKey="gross" name="Gross" stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} />
                  <Line dataKey="net" name="Net" stroke={CHART_COLORS[1]} strokeWidth={2} dot={false} />
                  {d.months.some((m) => m.employerContributions !== null) && (
                    <Line
                      dataKey="employerContributions"
                      name="Employer contributions"
                      stroke={CHART_COLORS[4]}
                      strokeWidth={2}
                      dot={false}
                    />
                  )}
                </LineChart>
              </ResponsiveContainer>
            }
          />
          {d.months.some((m) => m.employerContributions === null) && (
            <p className="text-xs text-muted-foreground">
              Employer contributions (PF, ESI) are not recorded in these months' salary records, so they are not shown.
            </p>
          )}
        </div>
      )}
    </Widget>
  );
}

/** Active employees missing a mandatory document, by unit. */
export function DocumentsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TDocumentsWidget>('documents', filter);
  return (
    <Widget title="Missing mandatory documents" description="Active employees" query={q} testId="widget-documents">
      {(d) => (
        <StatsByUnit
          stats={
            <>
              <Stat
                label="Employees missing some"
                value={formatCount(d.employees)}
                tone={d.employees ? 'warning' : undefined}
                testId="documents-employees"
              />
              <Stat label="Documents missing" value={formatCount(d.documents)} />
            </>
          }
          rows={d.byUnit}
          columns={[
            { label: 'Employees', value: (u) => formatCount(u.employees) },
            { label: 'Documents', value: (u) => formatCount(u.documents) },
          ]}
        />
      )}
    </Widget>
  );
}

/** Birthdays and work anniversaries of the next 30 days. */
export function OccasionsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TOccasionsWidget>('occasions', filter);
  return (
    <Widget
      title="Birthdays and work anniversaries"
      description={
        q.data ? `${formatDate(q.data.from)} – ${formatDate(q.data.to)} · ${formatCount(q.data.total)} in all` : 'The next 30 days'
      }
      query={q}
      testId="widget-occasions"
      isEmpty={(d) => d.total === 0}
      empty="No birthday or work anniversary in the next 30 days."
    >
      {(d) => (
        <ul className="max-h-72 space-y-1 overflow-auto text-sm">
          {d.rows.map((r) => (
            <li key={`${r.kind}-${r.employeeId}`} className="flex items-center gap-2 rounded-md px-1 py-1">
              {r.kind === 'birthday' ? <Cake className="size-4 text-pink-600" /> : <Trophy className="size-4 text-amber-600" />}
              <span className="flex-1 truncate">
                {r.name} <span className="text-muted-foreground">· {r.unitName}</span>
              </span>
              <span className="text-muted-foreground">
                {r.kind === 'birthday' ? 'Birthday' : `${r.years} ${r.years === 1 ? 'year' : 'years'}`} · {formatDate(r.date)}
              </span>
            </li>
          ))}
          {d.total > d.rows.length && (
            <li className="px-1 text-xs text-muted-foreground">and {formatCount(d.total - d.rows.length)} more</li>
          )}
        </ul>
      )}
    </Widget>
  );
}

/** Advances paid out and not yet recovered, by unit. */
export function AdvancesWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TAdvancesWidget>('advances', filter);
  return (
    <Widget title="Advances outstanding" description="Paid out and not yet recovered" query={q} testId="widget-advances">
      {(d) => (
        <StatsByUnit
          stats={
            <>
              <Stat label="Outstanding" value={formatRupees(d.outstanding)} testId="advances-outstanding" />
              <Stat label="Advances" value={formatCount(d.count)} />
            </>
          }
          rows={d.byUnit}
          columns={[
            { label: 'Advances', value: (u) => formatCount(u.count) },
            { label: 'Outstanding', value: (u) => formatRupees(u.outstanding) },
          ]}
        />
      )}
    </Widget>
  );
}

/** Two figures over a table of the units' figures (the unit's name first, the figures right-aligned). */
function StatsByUnit<R extends { id: number; name: string }>({
  stats,
  rows,
  columns,
}: {
  stats: ReactNode;
  rows: R[];
  columns: { label: string; value: (row: R) => string }[];
}) {
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">{stats}</div>
      {rows.length > 0 && (
        <ChartTable
          rows={rows}
          rowKey={(u) => u.id}
          columns={[{ label: 'Unit', value: (u) => u.name }, ...columns.map((c) => ({ ...c, numeric: true }))]}
        />
      )}
    </div>
  );
}
