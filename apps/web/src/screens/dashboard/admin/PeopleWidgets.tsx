import type { THeadcountWidget, TMovementWidget, TPendingRequestsWidget } from '@hr/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDate } from '@/lib/format';
import { CHART_COLORS, ChartWithTable, shortMonth, Widget } from '../widgets';
import { axisProps, type Filter, useWidget } from './useWidget';

/** People in the chosen units by unit and by department, on the month's last day (or today). */
export function HeadcountWidget({ filter }: { filter: Filter }) {
  const q = useWidget<THeadcountWidget>('headcount', filter);
  return (
    <Widget
      title="Headcount"
      description={q.data ? `On ${formatDate(q.data.asOf)}: ${formatCount(q.data.total)} employed` : undefined}
      query={q}
      testId="widget-headcount"
      isEmpty={(d) => d.total === 0}
      empty="No one is employed in these units on that day."
      className="lg:col-span-2"
    >
      {(d) => (
        <div className="grid gap-6 md:grid-cols-2">
          <ChartWithTable
            caption="Headcount by unit"
            rows={d.byUnit}
            columns={[
              { label: 'Unit', value: (r) => r.name },
              { label: 'Employees', value: (r) => formatCount(r.count), numeric: true },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.byUnit} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <CartesianGrid horizontal={false} strokeOpacity={0.3} />
                  <XAxis type="number" allowDecimals={false} {...axisProps} />
                  <YAxis type="category" dataKey="name" width={140} {...axisProps} />
                  <Tooltip />
                  <Bar dataKey="count" name="Employees" fill={CHART_COLORS[0]} radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <ChartWithTable
            caption="Headcount by department"
            rows={d.byDepartment}
            columns={[
              { label: 'Department', value: (r) => r.name },
              { label: 'Employees', value: (r) => formatCount(r.count), numeric: true },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.byDepartment.slice(0, 12)} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <CartesianGrid horizontal={false} strokeOpacity={0.3} />
                  <XAxis type="number" allowDecimals={false} {...axisProps} />
                  <YAxis type="category" dataKey="name" width={140} {...axisProps} />
                  <Tooltip />
                  <Bar dataKey="count" name="Employees" fill={CHART_COLORS[5]} radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </div>
      )}
    </Widget>
  );
}

/** Joiners and leavers over the 12 months up to the chosen one. */
export function MovementWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TMovementWidget>('movement', filter);
  return (
    <Widget title="Joiners and leavers" description="The 12 months up to the chosen month" query={q} testId="widget-movement">
      {(d) => (
        <ChartWithTable
          caption="Joiners and leavers by month"
          rows={d.months}
          columns={[
            { label: 'Month', value: (r) => shortMonth(r.month) },
            { label: 'Joined', value: (r) => formatCount(r.joined), numeric: true },
            { label: 'Left', value: (r) => formatCount(r.left), numeric: true },
          ]}
          chart={
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.months.map((m) => ({ ...m, label: shortMonth(m.month) }))}>
                <CartesianGrid vertical={false} strokeOpacity={0.3} />
                <XAxis dataKey="label" {...axisProps} />
                <YAxis allowDecimals={false} width={32} {...axisProps} />
                <Tooltip />
                <Legend />
                <Bar dataKey="joined" name="Joined" fill={CHART_COLORS[1]} radius={[4, 4, 0, 0]} />
                <Bar dataKey="left" name="Left" fill={CHART_COLORS[3]} radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
      )}
    </Widget>
  );
}

/** Requests waiting for a decision, by kind. */
export function RequestsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TPendingRequestsWidget>('requests', filter);
  return (
    <Widget
      title="Pending requests"
      description={q.data ? `${formatCount(q.data.total)} waiting for a decision` : undefined}
      query={q}
      testId="widget-requests"
      isEmpty={(d) => d.total === 0}
      empty="Nothing is waiting for a decision."
    >
      {(d) => (
        <ChartWithTable
          caption="Pending requests by kind"
          rows={d.kinds}
          columns={[
            { label: 'Kind', value: (r) => r.label },
            { label: 'Pending', value: (r) => formatCount(r.count), numeric: true },
          ]}
          height={Math.max(120, d.kinds.length * 36)}
          chart={
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.kinds} layout="vertical" margin={{ left: 8, right: 16 }}>
                <XAxis type="number" allowDecimals={false} {...axisProps} />
                <YAxis type="category" dataKey="label" width={150} {...axisProps} />
                <Tooltip />
                <Bar dataKey="count" name="Pending" fill={CHART_COLORS[2]} radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
      )}
    </Widget>
  );
}
