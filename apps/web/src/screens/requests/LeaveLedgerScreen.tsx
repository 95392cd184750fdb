import { financialYearStarting } from '@hr/calendar';
import type { TOpeningImportResult } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Plus, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadError } from '@/components/common/LoadError';
import { XlsxFileInput } from '@/components/common/XlsxFileInput';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { api, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { serverErrors } from '@/lib/form';
import { formatDate, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { requestKeys, type TLeaveBalance, useEmployeeBalances, useLedger } from './api';
import { BalancesTable, LedgerLinesTable } from './BalancesTable';
import { financialYearStart } from './format';
import { blankLedgerLine, LEDGER_LINE_RESOLVER, type TLedgerLine, type TLedgerLineForm, type TPostKind } from './ledger-line-form';

const POST_KINDS: { value: TPostKind; label: string; hint: string }[] = [
  { value: 'adjust', label: 'Adjustment', hint: 'Days to add, or negative days to take away' },
  { value: 'opening', label: 'Opening balance', hint: 'Days brought in (positive)' },
  { value: 'credit', label: 'Credit', hint: 'Days credited (positive)' },
  { value: 'lapse', label: 'Lapse', hint: 'Days that lapse (entered positive, taken away)' },
  { value: 'encash', label: 'Encashment', hint: 'Days encashed (entered positive, taken away)' },
];

/**
 * /outlet/master/leave/ledger (under the leave master's menu): for administrators and payroll users, an employee's
 * balances and ledger lines per type for the header's financial year, posting a line with a reason, and the opening
 * balances by Excel (template download, import, the rows it refused).
 */
export default function LeaveLedgerScreen() {
  const { actions } = useCurrentMenu(MENU.leaveType);
  const fyDtls = useSession((s) => s.finYearDtls);
  const fy = financialYearStart(fyDtls, todayIso());
  const span = financialYearStarting(fy);
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const balances = useEmployeeBalances(employee?.id ?? null, fy);
  const ledger = useLedger({ employeeId: employee?.id, financialYear: fy, leaveTypeId: typeId }, employee !== null);
  const rows = balances.data ?? [];
  const lines = ledger.data ?? [];
  const typeName = (id: number) => rows.find((b) => b.leaveTypeId === id)?.leaveTypeName ?? '';

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Leave ledger and opening balances"
        description={`Financial year ${span.name}: ${formatDate(span.startDate)} – ${formatDate(span.endDate)} (change it in the header). A balance is the sum of its lines; a correction is a new line with a reason.`}
        className="mb-0"
      />
      {actions.edit && <OpeningImport financialYear={fy} />}
      <div className="grid gap-3 rounded-lg border bg-card p-4">
        <div className="grid gap-3 sm:grid-cols-[minmax(16rem,24rem)_minmax(10rem,16rem)]">
          <FormField label="Employee" htmlFor="ledger-employee">
            <EmployeePicker
              id="ledger-employee"
              value={employee}
              onChange={(v) => {
                setEmployee(v);
                setTypeId(null);
              }}
              data-testid="ledger-employee"
            />
          </FormField>
          <FormField label="Leave type" htmlFor="ledger-type">
            <Select value={typeId ? String(typeId) : 'all'} onValueChange={(v) => setTypeId(v === 'all' ? null : Number(v))}>
              <SelectTrigger id="ledger-type" disabled={!employee}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">Every type</SelectItem>
                {rows.map((b) => (
                  <SelectItem key={b.leaveTypeId} value={String(b.leaveTypeId)}>
                    {b.leaveTypeName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        </div>
        {employee ? (
          <>
            <BalancesTable
              rows={rows}
              loading={balances.isLoading}
              empty="No leave type applies to this employee in this year."
              onOpen={(b) => setTypeId(b.leaveTypeId)}
            />
            <h3 className="text-sm font-semibold">
              Lines{typeId ? ` of ${typeName(typeId)}` : ''} ({lines.length})
            </h3>
            <LedgerLinesTable lines={lines} loading={ledger.isLoading} full />
            {actions.edit && rows.length > 0 && <PostLine employeeId={employee.id} financialYear={fy} types={rows} defaultType={typeId} />}
            <LoadError what="The ledger" show={(balances.isError && !balances.data) || (ledger.isError && !ledger.data)} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Choose an employee to see the balances and the lines.</p>
        )}
      </div>
    </div>
  );
}

/** Posts one line (opening, credit, adjustment, lapse, encashment) with a reason. */
function PostLine({
  employeeId,
  financialYear,
  types,
  defaultType,
}: {
  employeeId: number;
  financialYear: number;
  types: TLeaveBalance[];
  defaultType: number | null;
}) {
  const qc = useQueryClient();
  const form = useForm<TLedgerLineForm, unknown, TLedgerLine>({
    resolver: LEDGER_LINE_RESOLVER,
    defaultValues: blankLedgerLine(defaultType),
  });
  const errors = form.formState.errors;
  // The type opened in the screen, until one is picked here.
  useEffect(() => {
    if (!form.getFieldState('leaveTypeId').isDirty) form.setValue('leaveTypeId', defaultType);
  }, [defaultType]);
  const post = useAction(
    (body: TLedgerLine & { employeeId: number; financialYear: number }) =>
      api.post(apiPath('/api/leave/ledger'), body, { onError: serverErrors(form) }),
    {
      success: (_, body) => ({
        title: 'Line posted',
        description: `${POST_KINDS.find((k) => k.value === body.kind)?.label}: ${body.days} days`,
      }),
      onDone: async () => {
        form.setValue('days', '');
        form.setValue('reason', '');
        await Promise.all([
          qc.invalidateQueries({ queryKey: requestKeys.ledger }),
          qc.invalidateQueries({ queryKey: requestKeys.balances }),
        ]);
      },
    },
  );
  const chosen = form.watch('leaveTypeId');
  const kind = form.watch('kind');
  return (
    <form
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-[12rem_10rem_7rem_1fr_auto] sm:items-end"
      onSubmit={form.handleSubmit(async (line) => {
        await post.run({ employeeId, financialYear, ...line });
      })}
      data-testid="ledger-post"
    >
      <FormField label="Leave type" htmlFor="post-type" error={errors.leaveTypeId?.message}>
        <Select
          value={chosen ? String(chosen) : ''}
          onValueChange={(v) => form.setValue('leaveTypeId', Number(v), { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        >
          <SelectTrigger id="post-type" aria-invalid={!!errors.leaveTypeId || undefined}>
            <SelectValue placeholder="Choose" />
          </SelectTrigger>
          <SelectContent>
            {types.map((b) => (
              <SelectItem key={b.leaveTypeId} value={String(b.leaveTypeId)}>
                {b.leaveTypeName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField label="Line" htmlFor="post-kind" error={errors.kind?.message}>
        <Select value={kind} onValueChange={(v) => form.setValue('kind', v as TPostKind)}>
          <SelectTrigger id="post-kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {POST_KINDS.map((k) => (
              <SelectItem key={k.value} value={k.value}>
                {k.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField label="Days" htmlFor="post-days" error={errors.days?.message} hint={POST_KINDS.find((k) => k.value === kind)?.hint}>
        <Input id="post-days" inputMode="decimal" aria-invalid={!!errors.days || undefined} {...form.register('days')} />
      </FormField>
      <FormField label="Reason" htmlFor="post-reason" error={errors.reason?.message}>
        <Input id="post-reason" maxLength={300} aria-invalid={!!errors.reason || undefined} {...form.register('reason')} />
      </FormField>
      <Button type="submit" disabled={post.busy}>
        <Plus /> Post
      </Button>
      {errors.root?.message && <p className="text-sm text-destructive sm:col-span-5">{errors.root.message}</p>}
    </form>
  );
}

/** The opening balances by Excel: the template (employees in reach × types), the import and what it refused. */
function OpeningImport({ financialYear }: { financialYear: number }) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<TOpeningImportResult | null>(null);
  const upload = async (file: File) => {
    setResult(null);
    setProgress(0);
    try {
      const r = await uploadFile<TOpeningImportResult>(
        withQuery(apiPath('/api/leave/openings/import'), { financialYear }),
        file,
        setProgress,
      );
      setResult(r);
      await qc.invalidateQueries({ queryKey: requestKeys.ledger });
      await qc.invalidateQueries({ queryKey: requestKeys.balances });
    } catch (err) {
      toast({ variant: 'destructive', title: 'The import failed', description: (err as Error).message });
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4" data-testid="opening-import">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-sm font-semibold">Opening balances from Excel for {financialYearStarting(financialYear).name}</h3>
        <Button
          type="button"
          variant="outline"
          onClick={() => void downloadFile(apiPath('/api/leave/openings/template'), 'leave_opening_balances_template.xlsx')}
        >
          <Download /> Download template
        </Button>
        <XlsxFileInput type="button" disabled={progress !== null} onFile={(f) => void upload(f)} inputTestId="opening-file">
          <Upload /> {progress !== null ? `Uploading ${Math.round(progress * 100)}%` : 'Import opening balances'}
        </XlsxFileInput>
      </div>
      <p className="text-xs text-muted-foreground">
        Columns Employee Code, Leave Code, Days, Reason. Rows with Days empty are skipped; each filled row posts an opening line.
      </p>
      {result && (
        <div className="grid gap-2 text-sm" data-testid="opening-result">
          <p>
            <span className="font-semibold">{result.posted}</span> {result.posted === 1 ? 'line' : 'lines'} posted
            {result.errors.length > 0 ? `; ${result.errors.length} rows refused:` : '.'}
          </p>
          {result.errors.length > 0 && (
            <ul className="max-h-48 overflow-y-auto rounded border p-2 text-xs">
              {result.errors.map((e) => (
                <li key={e.row}>
                  Row {e.row}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
