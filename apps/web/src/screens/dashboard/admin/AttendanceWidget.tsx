import {
  ATTENDANCE_BUCKET_LABELS,
  ATTENDANCE_BUCKETS,
  type TAttendanceBucket,
  type TAttendanceList,
  type TAttendanceWidget,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { CHART_COLORS, ChartTable, ChartWithTable, Widget } from '../widgets';
import { type Filter, useWidget } from './useWidget';

const BUCKET_COLORS: Record<TAttendanceBucket, string> = {
  present: CHART_COLORS[1],
  late: CHART_COLORS[2],
  onLeave: CHART_COLORS[4],
  wfh: CHART_COLORS[5],
  absent: CHART_COLORS[3],
  off: CHART_COLORS[6],
  notYetIn: '#cbd5e1',
};

/** The employees behind one of today's figures, a page at a time. */
function AttendanceList({ filter, bucket, onClose }: { filter: Filter; bucket: TAttendanceBucket | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const pageSize = 25;
  const q = useQuery({
    queryKey: ['dashboard', 'admin', 'attendance-list', filter.unitId, bucket, page],
    queryFn: ({ signal }) =>
      api.get<TAttendanceList>(
        apiPath('/api/dashboard/admin/attendance/list'),
        { unitId: filter.unitId, bucket: bucket ?? 'present', page, pageSize },
        { signal, silent: true },
      ),
    enabled: bucket !== null,
    placeholderData: keepPreviousData,
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / pageSize)) : 1;
  return (
    <Dialog
      open={bucket !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          setPage(1);
        }
      }}
    >
      <DialogContent className="max-w-3xl" data-testid="attendance-list">
        <DialogHeader>
          <DialogTitle>{bucket ? ATTENDANCE_BUCKET_LABELS[bucket] : ''} today</DialogTitle>
          <DialogDescription>{q.data ? `${formatCount(q.data.total)} employees` : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The list could not be loaded.
          </p>
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <ChartTable
              rows={q.data?.rows ?? []}
              rowKey={(r) => r.employeeId}
              columns={[
                { label: 'Code', value: (r) => r.employeeCode, className: 'font-mono' },
                { label: 'Name', value: (r) => r.name },
                { label: 'Unit', value: (r) => r.unitName },
                { label: 'Department', value: (r) => r.departmentName },
                { label: 'Status', value: (r) => r.status ?? '—' },
                { label: 'First in', value: (r) => (r.firstIn ? formatDateTime(r.firstIn) : '—') },
                { label: 'Late (min)', value: (r) => r.lateMinutes || '', numeric: true },
              ]}
            />
          </div>
        )}
        <div className="flex items-center justify-end gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Today's attendance by figure; a figure opens its list. */
export function AttendanceWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TAttendanceWidget>('attendance', filter);
  const [open, setOpen] = useState<TAttendanceBucket | null>(null);
  return (
    <>
      <Widget
        title="Today's attendance"
        description={q.data ? `${formatDate(q.data.date)} · ${formatCount(q.data.employees)} employees` : undefined}
        query={q}
        testId="widget-attendance"
        isEmpty={(d) => d.employees === 0}
        empty="No one is employed in these units today."
      >
        {(d) => {
          const slices = ATTENDANCE_BUCKETS.filter((b) => b !== 'late').map((b) => ({
            bucket: b,
            name: ATTENDANCE_BUCKET_LABELS[b],
            value: d.counts[b],
          }));
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <ChartWithTable
                caption="Today's attendance"
                rows={ATTENDANCE_BUCKETS.map((b) => ({ name: ATTENDANCE_BUCKET_LABELS[b], value: d.counts[b] }))}
                columns={[
                  { label: 'Figure', value: (r) => r.name },
                  { label: 'Employees', value: (r) => formatCount(r.value), numeric: true },
                ]}
                height={200}
                chart={
                  <ResponsiveContainer width="100%" height="100%">
                    <PieChart>
                      <Pie data={slices.filter((s) => s.value > 0)} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="90%">
                        {slices
                          .filter((s) => s.value > 0)
                          .map((s) => (
                            <Cell key={s.bucket} fill={BUCKET_COLORS[s.bucket]} />
                          ))}
                      </Pie>
                      <Tooltip />
                    </PieChart>
                  </ResponsiveContainer>
                }
              />
              <ul className="space-y-1 self-center" aria-label="Open the list of a figure">
                {ATTENDANCE_BUCKETS.map((b) => (
                  <li key={b}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-accent"
                      onClick={() => setOpen(b)}
                      data-testid={`attendance-${b}`}
                    >
                      <span className="size-2.5 shrink-0 rounded-full" style={{ background: BUCKET_COLORS[b] }} />
                      <span className="flex-1">{ATTENDANCE_BUCKET_LABELS[b]}</span>
                      <span className="font-semibold tabular-nums">{formatCount(d.counts[b])}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        }}
      </Widget>
      <AttendanceList filter={filter} bucket={open} onClose={() => setOpen(null)} />
    </>
  );
}
