import { type TStructure, ZSaveStructure } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Save, TrendingUp, UserSearch, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { StructureView } from '@/components/payroll/StructureView';
import { isStructureHead, structureKeys, useHeads } from '@/components/payroll/structure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, optionalText } from '@/lib/form-fields';
import { formatRupees } from '@/lib/format';
import { currentMonth, formatYearMonth, toYearMonth, yearOptions } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import type { THead } from './api';
import { MonthYearInput } from './components';
import { arrearsSentence, IncrementDialog, type TIncrementResult } from './IncrementDialog';
import { sumRupees } from './run-employee-figures';
import { StructureImportDialog } from './StructureImportDialog';

/** /outlet/transaction/salary_increment: an employee's salary structure (versions by month) and increments, one or a batch. */
export default function SalaryIncrementScreen() {
  const { menu, actions } = useCurrentMenu(MENU.salaryIncrement);
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [incrementOpen, setIncrementOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const queryClient = useQueryClient();
  const [arrears, setArrears] = useState<string[] | null>(null);
  const heads = useHeads();
  // The structure holds the input heads; calculative heads come from formulas and the net pay head from the engine.
  const inputHeads = useMemo(() => (heads.data ?? []).filter(isStructureHead), [heads.data]);
  // An increment raises pay: the earning heads of the structure.
  const earningHeads = useMemo(() => inputHeads.filter((h) => h.isEarning), [inputHeads]);

  const applied = (r: TIncrementResult) => setArrears(r.arrearsMonths.length ? r.arrearsMonths : null);

  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'Salary Increment'}
        description="Salary structures by effective month, and increments for one employee or a whole unit."
        actions={
          <>
            {actions.edit && (
              <Button variant="outline" onClick={() => setImportOpen(true)} data-testid="open-structure-import">
                <FileSpreadsheet /> Import from Excel
              </Button>
            )}
            {actions.add && (
              <Button onClick={() => setIncrementOpen(true)} disabled={!heads.data} data-testid="open-increment">
                <TrendingUp /> Increment
              </Button>
            )}
          </>
        }
      />

      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Employee" htmlFor="structure-employee" className="w-full max-w-md">
          <EmployeePicker
            id="structure-employee"
            value={employee}
            onChange={(e) => {
              setEmployee(e);
              setArrears(null);
            }}
            data-testid="structure-employee"
          />
        </FormField>
      </div>

      {arrears && (
        <Alert data-testid="arrears-note">
          <Wallet />
          <AlertTitle>Arrears</AlertTitle>
          <AlertDescription>{arrearsSentence(arrears)}</AlertDescription>
        </Alert>
      )}

      {employee ? (
        <StructurePanel
          key={employee.id}
          employee={employee}
          heads={heads.data ?? []}
          inputHeads={inputHeads}
          canEdit={actions.edit}
          onSaved={(months) => setArrears(months.length ? months : null)}
        />
      ) : (
        <EmptyState
          icon={<UserSearch />}
          title="Choose an employee"
          description="Their current salary structure and its history show here; a new version can take effect from any month not yet approved."
        />
      )}

      <StructureImportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={(r) => {
          applied(r);
          void queryClient.invalidateQueries({ queryKey: ['payroll', 'structures'] });
        }}
      />
      <IncrementDialog open={incrementOpen} onOpenChange={setIncrementOpen} heads={earningHeads} employee={employee} onApplied={applied} />
    </div>
  );
}

/** The structure and its history, with the form for a new version when the role may edit. */
function StructurePanel({
  employee,
  heads,
  inputHeads,
  canEdit,
  onSaved,
}: {
  employee: TEmployeeOption;
  heads: THead[];
  inputHeads: THead[];
  canEdit: boolean;
  onSaved: (arrearsMonths: string[]) => void;
}) {
  return (
    <StructureView
      employee={employee}
      heads={heads}
      form={
        canEdit ? (current) => <StructureForm employee={employee} inputHeads={inputHeads} current={current} onSaved={onSaved} /> : undefined
      }
    />
  );
}

/** The form's text per input head, from a saved version ('' where the version has no amount). */
function amountsOf(inputHeads: THead[], current: TStructure | null): Record<string, string> {
  return Object.fromEntries(
    inputHeads.map((h) => {
      const v = current?.amounts[String(h.id)];
      return [String(h.id), v === undefined ? '' : String(v)];
    }),
  );
}

type TYm = { year: number | null; month: number | null };
/** The form's fields: the month it takes effect, the text typed per head (by head id), the remarks. */
export type TStructureFields = { effectiveFrom: TYm; amounts: Record<string, string>; remarks: string };
type TStructureBody = z.output<typeof ZSaveStructure>;

/** A typed amount in rupees ('1,00,000' → 100000); blank → undefined (the head is left out), not a number → NaN. */
const typedAmount = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/,/g, '')));

/** The fields checked by the contract's ZSaveStructure: the blank heads left out, at least one amount. */
export const STRUCTURE_RESOLVER = contractResolver<TStructureFields, TStructureBody>(
  into(
    z.object({
      effectiveFrom: z
        .object({ year: z.number().nullable(), month: z.number().nullable() })
        .transform((v) => (v.year && v.month ? toYearMonth(v.year, v.month) : '')),
      amounts: z
        .record(z.string(), z.string())
        .superRefine((amounts, ctx) => {
          for (const [id, text] of Object.entries(amounts))
            if (Number.isNaN(typedAmount(text))) ctx.addIssue({ code: 'custom', path: [id], message: 'Enter an amount in rupees' });
          if (!Object.values(amounts).some((text) => text.trim() !== ''))
            ctx.addIssue({ code: 'custom', message: 'Enter at least one amount' });
        })
        .transform((amounts) =>
          Object.fromEntries(Object.entries(amounts).flatMap(([id, text]) => (text.trim() === '' ? [] : [[id, typedAmount(text)]]))),
        ),
      remarks: optionalText(ZSaveStructure.shape.remarks),
    }),
    ZSaveStructure,
  ),
);

/** The monthly total of the amounts typed so far (those that read as numbers), summed as paise. */
export function structureTotal(amounts: Record<string, string>): number {
  return sumRupees(
    Object.values(amounts)
      .map(typedAmount)
      .filter((v): v is number => v !== undefined && Number.isFinite(v)),
  );
}

/** A new structure version (or a correction of the month's version) from an effective month. */
function StructureForm({
  employee,
  inputHeads,
  current,
  onSaved,
}: {
  employee: TEmployeeOption;
  inputHeads: THead[];
  current: TStructure | null;
  onSaved: (arrearsMonths: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<TStructureFields, unknown, TStructureBody>({
    resolver: STRUCTURE_RESOLVER,
    defaultValues: {
      effectiveFrom: { year: yearOptions()[0], month: currentMonth() },
      amounts: amountsOf(inputHeads, current),
      remarks: '',
    },
  });
  const errors = form.formState.errors;
  // On failure the toast and the inline errors say why (409: the month is approved or locked).
  const saveAction = useAction(
    (body: TStructureBody) =>
      api.post<TIncrementResult>(apiPath('/api/payroll/structures/:employeeId', { employeeId: employee.id }), body, {
        onError: serverErrors(form),
      }),
    {
      success: (_, body) => ({ title: 'Structure saved', description: `${employee.name} from ${formatYearMonth(body.effectiveFrom)}` }),
      onDone: async (r) => {
        form.setValue('remarks', '');
        form.clearErrors();
        onSaved(r.arrearsMonths);
        await queryClient.invalidateQueries({ queryKey: structureKeys.of(employee.id) });
      },
    },
  );
  const saving = saveAction.busy;
  // The form refills when the saved version changes (after a save) or the heads load.
  useEffect(() => form.setValue('amounts', amountsOf(inputHeads, current)), [form, inputHeads, current]);

  const total = structureTotal(form.watch('amounts'));
  const save = form.handleSubmit(async (body) => {
    await saveAction.run(body);
  });

  const field = (h: THead) => {
    const key = String(h.id);
    const error = errors.amounts?.[key]?.message;
    return (
      <FormField
        key={h.id}
        label={
          <>
            {h.name} <span className="font-mono text-xs font-normal text-muted-foreground">{h.code}</span>
          </>
        }
        htmlFor={`amount-${key}`}
        error={error}
      >
        <div className="relative">
          <span className="absolute top-2 left-3 text-sm text-muted-foreground" aria-hidden>
            ₹
          </span>
          <Input
            id={`amount-${key}`}
            inputMode="decimal"
            className="pl-7 text-right tabular-nums"
            aria-invalid={!!error}
            {...form.register(`amounts.${key}`)}
            data-testid={`amount-${h.code}`}
          />
        </div>
      </FormField>
    );
  };

  const earnings = inputHeads.filter((h) => h.isEarning);
  const deductions = inputHeads.filter((h) => !h.isEarning);
  const general = [errors.amounts?.message, errors.root?.message].filter(Boolean);
  return (
    <Card className="gap-4" data-testid="structure-form">
      <CardHeader>
        <CardTitle>Edit / new version</CardTitle>
        <CardDescription>
          Monthly amounts of the structure heads. Saving for a month that already has a version corrects it; a month already processed is
          paid its difference as arrears in the next run.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label="Effective from" htmlFor="structure-month" required error={errors.effectiveFrom?.message}>
          <Controller
            control={form.control}
            name="effectiveFrom"
            render={({ field }) => (
              <MonthYearInput
                id="structure-month"
                year={field.value.year}
                month={field.value.month}
                onChange={field.onChange}
                invalid={!!errors.effectiveFrom}
              />
            )}
          />
        </FormField>
        {inputHeads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No structure head is defined (every head is computed by a formula).</p>
        ) : (
          <>
            {earnings.length > 0 && <div className="grid gap-3 sm:grid-cols-2">{earnings.map(field)}</div>}
            {deductions.length > 0 && (
              <>
                <div className="text-xs font-medium text-muted-foreground uppercase tracking-wide">Deductions</div>
                <div className="grid gap-3 sm:grid-cols-2">{deductions.map(field)}</div>
              </>
            )}
          </>
        )}
        {general.length > 0 && <p className="text-sm text-destructive">{general.join(' ')}</p>}
        <FormField label="Remarks" htmlFor="structure-remarks" error={errors.remarks?.message}>
          <Textarea id="structure-remarks" rows={2} maxLength={300} {...form.register('remarks')} />
        </FormField>
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm">
            Monthly total <span className="font-semibold tabular-nums">{formatRupees(total)}</span>
          </span>
          <Button disabled={saving} onClick={() => void save()} data-testid="save-structure">
            <Save /> {saving ? 'Saving…' : 'Save version'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
