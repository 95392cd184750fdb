// The salary run screen's month attendance: the figures the run uses; manual entry by template or per person.
import { type TRun, ZMonthAttendanceRow } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, Pencil, Upload, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { XlsxFileInput } from '@/components/common/XlsxFileInput';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type ApiError, api, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { uploadFile } from '@/lib/files';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, typedNumber } from '@/lib/form-fields';
import { formatCount } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { toast } from '@/lib/toast-store';
import { uploadProblemLines } from '@/lib/upload-problems';
import { useAction } from '@/lib/useAction';
import { downloadAttendanceTemplate, payrollKeys, runMonthQuery, type TMonthAttendanceRow, useMonthAttendance } from './api';

/** The figures entered for the month, then those the calendar gives; the table shows all six. */
const ENTERED = [
  { key: 'payableDays', label: 'Payable days' },
  { key: 'presentDays', label: 'Present days' },
  { key: 'lwopDays', label: 'LWOP days' },
  { key: 'otHours', label: 'OT hours' },
] as const;
const FIGURES = [...ENTERED, { key: 'holidays', label: 'Holidays' }, { key: 'weeklyOffs', label: 'Weekly offs' }] as const;
type Entered = (typeof ENTERED)[number]['key'];

/** The month's attendance figures of the run's unit: what the run computes with, and (month open) the ways to change them. */
export function MonthAttendanceCard({ run, editable }: { run: TRun; editable: boolean }) {
  const queryClient = useQueryClient();
  const query = useMonthAttendance(run);
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [editing, setEditing] = useState<TMonthAttendanceRow | null>(null);
  const templateAction = useAction(() => downloadAttendanceTemplate(run));
  const uploadAction = useAction(
    (f: File) => {
      setProgress(0);
      setSaved(null);
      return uploadFile<{ saved: number }>(withQuery(apiPath('/api/payroll/attendance/import'), runMonthQuery(run)), f, setProgress);
    },
    { onDone: (res) => onSaved(res?.saved ?? 0), onError: (e) => setProblems(uploadProblemLines(e as ApiError)) },
  );
  const busy = templateAction.busy ? 'template' : uploadAction.busy ? 'upload' : null;
  const [progress, setProgress] = useState(0);
  const [saved, setSaved] = useState<number | null>(null);
  const rows = query.data?.rows ?? [];
  const manual = rows.filter((r) => r.source === 'manual').length;
  const byAttendance = rows.some((r) => r.source === 'attendance');
  const month = formatMonth(run.year, run.month);

  const onSaved = async (n: number) => {
    setProblems([]);
    setSaved(n);
    toast({
      variant: 'success',
      title: `Attendance of ${formatCount(n)} employee${n === 1 ? '' : 's'} saved`,
      description: 'Reprocess the run to use these figures.',
    });
    await queryClient.invalidateQueries({ queryKey: payrollKeys.attendance(run.unitId, run.year, run.month) });
  };
  const template = templateAction.run;
  const upload = uploadAction.run;

  return (
    <Card className="gap-4 py-5" data-testid="run-attendance">
      <CardHeader>
        <CardTitle>Monthly attendance</CardTitle>
        <CardDescription>
          {query.data ? `${month} has ${query.data.monthDays} days. ` : ''}
          {manual > 0 && manual === rows.length
            ? 'Every employee from the monthly entry.'
            : manual > 0
              ? `${formatCount(manual)} of ${formatCount(rows.length)} employees from the monthly entry; the rest from ${byAttendance ? 'daily attendance' : 'the attendance calendar'}.`
              : byAttendance
                ? 'From daily attendance (punches, roster, holidays and approved leave; today and later days counted as paid), until a monthly entry says otherwise.'
                : 'From the attendance calendar (every employed day paid unless marked otherwise), until a monthly entry says otherwise.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => setOpen(!open)} data-testid="attendance-toggle">
            {open ? 'Hide the figures' : `Show the figures (${formatCount(rows.length)})`}
          </Button>
          {editable && (
            <>
              <Button variant="outline" disabled={busy !== null} onClick={() => void template()} data-testid="attendance-template">
                <Download /> {busy === 'template' ? 'Downloading…' : 'Download template'}
              </Button>
              <XlsxFileInput
                variant="outline"
                disabled={busy !== null}
                onFile={(f) => void upload(f)}
                data-testid="attendance-upload"
                inputTestId="attendance-file"
              >
                <Upload /> {busy === 'upload' ? `Uploading… ${Math.round(progress * 100)}%` : 'Upload'}
              </XlsxFileInput>
              <span className="text-xs text-muted-foreground">
                Fill the template's four figures and upload it: all rows are saved, or none.
              </span>
            </>
          )}
        </div>
        {problems.length > 0 && (
          <Alert variant="destructive" data-testid="attendance-problems">
            <XCircle />
            <AlertTitle>Nothing was saved</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        {saved !== null && (
          <Alert data-testid="attendance-saved">
            <CheckCircle2 className="text-success" />
            <AlertTitle>
              Attendance of {formatCount(saved)} employee{saved === 1 ? '' : 's'} saved
            </AlertTitle>
            <AlertDescription>
              {run.status === 'draft' ? 'Process the run to use these figures.' : 'Reprocess the run to use these figures.'}
            </AlertDescription>
          </Alert>
        )}
        {open && (
          <div className="max-h-96 overflow-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Source</TableHead>
                  {FIGURES.map((f) => (
                    <TableHead key={f.key} className="text-right">
                      {f.label}
                    </TableHead>
                  ))}
                  {editable && <TableHead />}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.employeeId} data-testid="attendance-row">
                    <TableCell className="font-mono text-xs">{r.employeeCode}</TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>
                      <Badge variant={r.source === 'manual' ? 'default' : 'secondary'}>
                        {r.source === 'manual' ? 'Entered' : r.source === 'attendance' ? 'Attendance' : 'Calendar'}
                      </Badge>
                    </TableCell>
                    {FIGURES.map((f) => (
                      <TableCell key={f.key} className="text-right tabular-nums">
                        {r[f.key]}
                      </TableCell>
                    ))}
                    {editable && (
                      <TableCell>
                        <Button variant="ghost" size="icon" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
                          <Pencil />
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
                {rows.length === 0 && (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={FIGURES.length + 4} className="py-6 text-center text-muted-foreground">
                      {query.isLoading ? 'Loading…' : 'No employee is paid by this unit in this month.'}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      {editing && (
        <EditAttendance
          run={run}
          row={editing}
          monthDays={query.data?.monthDays ?? 31}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void onSaved(1);
          }}
        />
      )}
    </Card>
  );
}

/** The row's form: the employee it is for, and the four figures as typed. */
export type TAttendanceRowFields = { employeeCode: string } & Record<Entered, string>;
type TAttendanceRow = z.output<typeof ZMonthAttendanceRow>;

/** The row checked by the contract's ZMonthAttendanceRow: a blank LWOP or overtime is 0 (its default); blank days are asked for. */
export const ATTENDANCE_ROW_RESOLVER = contractResolver<TAttendanceRowFields, TAttendanceRow>(
  into(
    z.object({
      employeeCode: z.string(),
      payableDays: typedNumber(ZMonthAttendanceRow.shape.payableDays),
      presentDays: typedNumber(ZMonthAttendanceRow.shape.presentDays),
      lwopDays: typedNumber(ZMonthAttendanceRow.shape.lwopDays),
      otHours: typedNumber(ZMonthAttendanceRow.shape.otHours),
    }),
    ZMonthAttendanceRow,
  ),
);
/** The server names the body's row ('rows.0', to the form's own line) or its field ('rows.0.payableDays', on the field). */
export const ATTENDANCE_ROW_RENAME = Object.fromEntries(['employeeCode', ...ENTERED.map((f) => f.key)].map((k) => [`rows.0.${k}`, k]));

/** One employee's four figures of the month (PUT /api/payroll/attendance with one row). */
function EditAttendance({
  run,
  row,
  monthDays,
  onClose,
  onSaved,
}: {
  run: TRun;
  row: TMonthAttendanceRow;
  monthDays: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<TAttendanceRowFields, unknown, TAttendanceRow>({
    resolver: ATTENDANCE_ROW_RESOLVER,
    defaultValues: {
      employeeCode: row.employeeCode,
      payableDays: String(row.payableDays),
      presentDays: String(row.presentDays),
      lwopDays: String(row.lwopDays),
      otHours: String(row.otHours),
    },
  });
  const errors = form.formState.errors;
  // The toast shows any failure.
  const save = useAction(
    (attendanceRow: TAttendanceRow) =>
      api.put(
        apiPath('/api/payroll/attendance'),
        { ...runMonthQuery(run), rows: [attendanceRow] },
        { onError: serverErrors(form, { rename: ATTENDANCE_ROW_RENAME }) },
      ),
    { onDone: () => onSaved() },
  );
  const saving = save.busy;
  const submit = form.handleSubmit(async (body) => {
    await save.run(body);
  });
  const general = [errors.root?.message, errors.employeeCode?.message].filter(Boolean);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent data-testid="attendance-edit">
        <DialogHeader>
          <DialogTitle>
            {row.name} ({row.employeeCode})
          </DialogTitle>
          <DialogDescription>
            {formatMonth(run.year, run.month)} has {monthDays} days. Whole or half days; overtime in quarter hours.
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-4">
          {ENTERED.map((f) => (
            <FormField key={f.key} label={f.label} htmlFor={`att-${f.key}`} error={errors[f.key]?.message}>
              <Input id={`att-${f.key}`} inputMode="decimal" aria-invalid={!!errors[f.key]} {...form.register(f.key)} />
            </FormField>
          ))}
        </div>
        {general.length > 0 && <p className="text-sm text-destructive">{general.join(' ')}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()} data-testid="attendance-save">
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
