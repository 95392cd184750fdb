// The salary run screen's month attendance (the figures the run uses; manual entry by template or per person)
// and its payslip e-mail (a job, optionally password-protected PDFs).
import type { TJob, TJobStarted, TRun, ZMonthAttendance } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Mail, Pencil, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { JobProgress } from '@/components/jobs/JobProgress';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type ApiError, api } from '@/lib/api';
import { monthName } from '@/lib/months';
import { toast } from '@/lib/toast-store';
import { saveBlob, uploadFile } from '../transaction/employee/api';

type TAttendance = z.infer<typeof ZMonthAttendance>;
type Row = TAttendance['rows'][number];

/** The month's attendance figures of the run's unit: what the run computes with, and the ways to change them. */
export function MonthAttendanceCard({ run, editable }: { run: TRun; editable: boolean }) {
  const queryClient = useQueryClient();
  const key = ['payroll', 'attendance', run.unitId, run.year, run.month] as const;
  const q = `unitId=${run.unitId}&year=${run.year}&month=${run.month}`;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TAttendance>(`/api/payroll/attendance?${q}`, undefined, { signal }),
  });
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [editing, setEditing] = useState<Row | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const rows = query.data?.rows ?? [];
  const manual = rows.filter((r) => r.source === 'manual').length;

  const saved = async (n: number) => {
    setProblems([]);
    toast({
      variant: 'success',
      title: `Attendance of ${n} employee${n === 1 ? '' : 's'} saved`,
      description: 'Reprocess the run to use these figures.',
    });
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const template = async () => {
    const blob = await api.get<Blob>(`/api/payroll/attendance/template?${q}`, undefined, { responseType: 'blob' });
    saveBlob(blob, `Attendance_${run.unitName.replace(/[^A-Za-z0-9]+/g, '_')}_${monthName(run.month)}_${run.year}.xlsx`);
  };
  const upload = async (f: File) => {
    try {
      const res = await uploadFile<{ saved: number }>(`/api/payroll/attendance/import?${q}`, f);
      await saved(res?.saved ?? 0);
    } catch (e) {
      const fe = (e as ApiError).fieldErrors ?? {};
      setProblems(Object.entries(fe).flatMap(([k, v]) => v.map((m) => `${k}: ${m}`)));
    }
  };

  return (
    <Card className="gap-4 py-5" data-testid="run-attendance">
      <CardHeader>
        <CardTitle>Attendance of the month</CardTitle>
        <CardDescription>
          {manual > 0
            ? `${manual} of ${rows.length} employees from the monthly entry; the rest paid for every employed day.`
            : 'Every employed day paid, until daily attendance or a monthly entry says otherwise.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setOpen(!open)} data-testid="attendance-toggle">
            {open ? 'Hide the figures' : `Show the figures (${rows.length})`}
          </Button>
          {editable && (
            <>
              <Button variant="outline" onClick={() => void template()}>
                <Download /> Template (Excel)
              </Button>
              <Button variant="outline" onClick={() => file.current?.click()}>
                <Upload /> Upload filled template
              </Button>
              <input
                ref={file}
                type="file"
                accept=".xlsx"
                className="hidden"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) void upload(f);
                }}
              />
            </>
          )}
        </div>
        {problems.length > 0 && (
          <Alert variant="destructive">
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
        {open && (
          <div className="max-h-96 overflow-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Source</TableHead>
                  <TableHead className="text-right">Payable</TableHead>
                  <TableHead className="text-right">Present</TableHead>
                  <TableHead className="text-right">LWOP</TableHead>
                  <TableHead className="text-right">OT hours</TableHead>
                  <TableHead className="text-right">Holidays</TableHead>
                  <TableHead className="text-right">Weekly offs</TableHead>
                  {editable && <TableHead />}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.employeeId}>
                    <TableCell className="font-mono text-xs">{r.employeeCode}</TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>
                      <Badge variant={r.source === 'manual' ? 'default' : 'secondary'}>
                        {r.source === 'manual' ? 'Entered' : 'Calendar'}
                      </Badge>
                    </TableCell>
                    {[r.payableDays, r.presentDays, r.lwopDays, r.otHours, r.holidays, r.weeklyOffs].map((v, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      <TableCell key={i} className="text-right tabular-nums">
                        {v}
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
          onSaved={async () => {
            setEditing(null);
            await saved(1);
          }}
        />
      )}
    </Card>
  );
}

function EditAttendance({
  run,
  row,
  monthDays,
  onClose,
  onSaved,
}: {
  run: TRun;
  row: Row;
  monthDays: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [v, setV] = useState({
    payableDays: String(row.payableDays),
    presentDays: String(row.presentDays),
    lwopDays: String(row.lwopDays),
    otHours: String(row.otHours),
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await api.put(
        '/api/payroll/attendance',
        {
          unitId: run.unitId,
          year: run.year,
          month: run.month,
          rows: [
            {
              employeeCode: row.employeeCode,
              payableDays: Number(v.payableDays),
              presentDays: Number(v.presentDays),
              lwopDays: Number(v.lwopDays),
              otHours: Number(v.otHours),
            },
          ],
        },
        { onError: (e: ApiError) => setErrors(e.fieldErrors) },
      );
      onSaved();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  const field = (k: keyof typeof v, label: string) => (
    <FormField label={label} htmlFor={`att-${k}`}>
      <Input id={`att-${k}`} inputMode="decimal" value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
    </FormField>
  );
  const problems = Object.values(errors).flat();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {row.name} ({row.employeeCode})
          </DialogTitle>
          <DialogDescription>
            {monthName(run.month)} {run.year} has {monthDays} days. Half days are allowed.
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-4">
          {field('payableDays', 'Payable days')}
          {field('presentDays', 'Present days')}
          {field('lwopDays', 'LWOP days')}
          {field('otHours', 'Overtime hours')}
        </div>
        {problems.length > 0 && <p className="text-sm text-destructive">{problems.join('; ')}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void submit()}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type EmailResult = { sent: number; skipped: { employeeCode: string; reason: string }[]; failed: { employeeCode: string; error: string }[] };

/** E-mails the run's payslips (a job), optionally protected with PAN + date of birth. */
export function EmailPayslipsButton({ run, disabled }: { run: TRun; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [protect, setProtect] = useState(true);
  const [jobId, setJobId] = useState<number | null>(null);
  const [result, setResult] = useState<EmailResult | null>(null);
  const start = async () => {
    try {
      const started = await api.post<TJobStarted>(`/api/payroll/runs/${run.id}/email`, { protect });
      setResult(null);
      setJobId(started.jobId);
    } catch {
      // toast shown
    }
  };
  const done = (job: TJob) => {
    setJobId(null);
    if (job.state === 'succeeded') setResult(job.result as EmailResult);
  };
  return (
    <>
      <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="run-email">
        <Mail /> E-mail payslips
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>E-mail the payslips</DialogTitle>
            <DialogDescription>
              Each employee with an e-mail address receives their own payslip; anyone already sent one is skipped.
            </DialogDescription>
          </DialogHeader>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={protect} onChange={(e) => setProtect(e.target.checked)} />
            <span>
              Protect each PDF with a password: the employee's PAN in capitals followed by the date of birth as DDMMYYYY (e.g.
              ABCDE1234F15081990). Employees without a PAN are skipped.
            </span>
          </label>
          {jobId !== null && <JobProgress jobId={jobId} label="E-mailing payslips" onDone={done} />}
          {result && (
            <Alert>
              <AlertTitle>{result.sent} sent</AlertTitle>
              <AlertDescription>
                {result.skipped.length + result.failed.length === 0 ? (
                  'Everyone with an address has their payslip.'
                ) : (
                  <ul className="list-disc pl-4">
                    {result.skipped.map((s) => (
                      <li key={s.employeeCode}>
                        {s.employeeCode}: {s.reason}
                      </li>
                    ))}
                    {result.failed.map((f) => (
                      <li key={f.employeeCode}>
                        {f.employeeCode}: not sent ({f.error})
                      </li>
                    ))}
                  </ul>
                )}
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button disabled={jobId !== null} onClick={() => void start()} data-testid="confirm-email">
              <Mail /> Send
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
