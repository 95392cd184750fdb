import { type TFormulaPreviewResult, ZFormulaPreview } from '@hr/contract';
import { AlertTriangle, FlaskConical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Figure } from '@/components/common/Figure';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, monthYearOf, pickedId } from '@/lib/form-fields';
import { formatAmount, formatRupees } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { MonthYearInput } from './components';

/** How the attendance figures of the preview are labelled (the formula names they feed). */
const ATTENDANCE_LABEL: Record<string, string> = {
  MONTH_DAYS: 'Month days',
  PAYABLE_DAYS: 'Payable days',
  PRESENT_DAYS: 'Present days',
  LWOP_DAYS: 'LWOP days',
  OT_HOURS: 'Overtime hours',
  HOLIDAYS: 'Holidays',
  WEEKLY_OFFS: 'Weekly offs',
};

/** 'monthDays' or 'MONTH_DAYS' → 'Month days'. */
function attendanceLabel(key: string): string {
  const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return ATTENDANCE_LABEL[snake] ?? snake.charAt(0) + snake.slice(1).toLowerCase().replace(/_/g, ' ');
}

type TDraft = { earningDeductionId: number; formula: string };
type TPreviewForm = {
  unitId: number | null;
  employee: TEmployeeOption | null;
  year: number | null;
  month: number | null;
  draft: TDraft | null;
};
type TPreviewBody = z.output<typeof ZFormulaPreview>;

/** The panel's fields checked by the contract's ZFormulaPreview; a draft goes along when it has a formula. */
const RESOLVER = contractResolver<TPreviewForm, TPreviewBody>(
  into(
    z
      .object({
        unitId: ZFormulaPreview.shape.unitId,
        employee: pickedId(ZFormulaPreview.shape.employeeId),
        year: ZFormulaPreview.shape.year,
        month: ZFormulaPreview.shape.month,
        draft: z.custom<TDraft | null>(),
      })
      .transform(({ employee, draft, ...v }) => ({ ...v, employeeId: employee, ...(draft?.formula.trim() ? { draft } : {}) })),
    ZFormulaPreview,
  ),
);

/**
 * One employee's month computed with the saved formulas — or with `draft` in place of its head's saved one —
 * nothing saved (POST /api/payroll/formulas/preview).
 */
export function FormulaPreviewPanel({
  draft,
  initialUnitId = null,
  compact = false,
}: {
  draft?: { earningDeductionId: number; formula: string } | null;
  initialUnitId?: number | null;
  compact?: boolean;
}) {
  const form = useForm<TPreviewForm, unknown, TPreviewBody>({
    resolver: RESOLVER,
    defaultValues: { unitId: initialUnitId, employee: null, year: yearOptions()[0], month: currentMonth(), draft: draft ?? null },
  });
  // The draft is the formula being edited beside the panel: the form keeps the latest.
  useEffect(() => form.setValue('draft', draft ?? null), [form, draft]);
  const errors = form.formState.errors;
  const unitId = form.watch('unitId');
  const [result, setResult] = useState<TFormulaPreviewResult | null>(null);
  const preview = useAction(
    (body: TPreviewBody) =>
      api.post<TFormulaPreviewResult>(apiPath('/api/payroll/formulas/preview'), body, {
        onError: serverErrors(form, { rename: { employeeId: 'employee' } }),
      }),
    { onDone: (r) => setResult(r), onError: () => setResult(null) },
  );
  const running = preview.busy;
  const run = form.handleSubmit(async (body) => {
    await preview.run(body);
  });
  const monthError = (errors.month ?? errors.year)?.message;
  const draftError = (errors.draft?.formula ?? errors.draft ?? errors.root)?.message;

  const earnings = result?.heads.filter((h) => h.isEarning) ?? [];
  const deductions = result?.heads.filter((h) => !h.isEarning) ?? [];
  const attendance = Object.entries(result?.attendance ?? {});

  return (
    <div className="space-y-4" data-testid="formula-preview">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Unit" htmlFor="preview-unit" required error={errors.unitId?.message} className="w-56">
          <UnitSelect
            id="preview-unit"
            value={unitId}
            onChange={(v) => {
              form.setValue('unitId', v, { shouldValidate: form.formState.isSubmitted });
              form.setValue('employee', null);
            }}
            className="w-full"
            invalid={!!errors.unitId}
          />
        </FormField>
        <FormField label="Employee" htmlFor="preview-employee" required error={errors.employee?.message} className="w-72">
          <Controller
            control={form.control}
            name="employee"
            render={({ field }) => (
              <EmployeePicker
                id="preview-employee"
                value={field.value}
                onChange={field.onChange}
                unitId={unitId}
                disabled={!unitId}
                placeholder={unitId ? 'Find by name or code' : 'Choose the unit first'}
                invalid={!!errors.employee}
                data-testid="preview-employee"
              />
            )}
          />
        </FormField>
        <FormField label="Month" htmlFor="preview-month" required error={monthError}>
          <MonthYearInput id="preview-month" {...monthYearOf(form, 'year', 'month')} invalid={!!monthError} />
        </FormField>
        <div>
          <Button type="button" variant="secondary" onClick={() => void run()} disabled={running} data-testid="run-preview">
            <FlaskConical /> {running ? 'Computing…' : draft ? 'Preview with this draft' : 'Preview'}
          </Button>
        </div>
      </div>
      {draftError && <p className="text-sm text-destructive">{draftError}</p>}

      {result && !result.ok && (
        <Alert variant="destructive" data-testid="preview-error">
          <AlertTriangle />
          <AlertTitle>The month cannot be computed</AlertTitle>
          <AlertDescription>{result.error}</AlertDescription>
        </Alert>
      )}

      {result && (result.ok || attendance.length > 0) && (
        <div className="space-y-4">
          {result.ok && (
            <div className="grid grid-cols-3 gap-4 rounded-lg border bg-muted/30 p-4">
              <Figure label="Gross" value={formatRupees(result.gross)} />
              <Figure label="Deductions" value={formatRupees(result.deductions)} />
              <Figure label="Net pay" value={formatRupees(result.net)} />
            </div>
          )}
          {attendance.length > 0 && (
            <div>
              <div className="mb-1.5 text-xs font-medium text-muted-foreground uppercase tracking-wide">Attendance of the month</div>
              <div className="flex flex-wrap gap-2">
                {attendance.map(([k, v]) => (
                  <Badge key={k} variant="outline" className="font-normal">
                    {attendanceLabel(k)}: <span className="font-semibold tabular-nums">{v}</span>
                  </Badge>
                ))}
              </div>
            </div>
          )}
          {result.ok && (
            <div className={cn('grid gap-4', !compact && 'lg:grid-cols-2')}>
              <HeadAmounts title="Earnings" heads={earnings} draftHeadId={draft?.earningDeductionId} />
              <HeadAmounts title="Deductions" heads={deductions} draftHeadId={draft?.earningDeductionId} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function HeadAmounts({
  title,
  heads,
  draftHeadId,
}: {
  title: string;
  heads: TFormulaPreviewResult['heads'];
  draftHeadId: number | undefined;
}) {
  return (
    <div className="overflow-hidden rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{title}</TableHead>
            <TableHead>Formula</TableHead>
            <TableHead className="text-right">Amount (₹)</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {heads.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} className="text-muted-foreground">
                None this month
              </TableCell>
            </TableRow>
          )}
          {heads.map((h) => (
            <TableRow key={h.id} className={cn(h.id === draftHeadId && 'bg-primary/5')}>
              <TableCell>
                <div className="font-medium">{h.name}</div>
                <div className="font-mono text-xs text-muted-foreground">{h.code}</div>
              </TableCell>
              <TableCell className="max-w-64 whitespace-normal font-mono [overflow-wrap:anywhere] text-xs text-muted-foreground">
                {h.formula ?? '—'}
                {h.id === draftHeadId && (
                  <Badge variant="secondary" className="ml-2">
                    draft
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatAmount(h.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
