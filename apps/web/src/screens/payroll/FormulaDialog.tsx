import { FORMULA_NAMES, type TFormula, ZSaveFormula } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into, pickedId } from '@/lib/form-fields';
import { currentMonth, formatYearMonth, splitYearMonth, toYearMonth, yearOptions } from '@/lib/months';
import { useSession } from '@/lib/session';
import { useAction } from '@/lib/useAction';
import { payrollKeys, type THead } from './api';
import { MonthYearInput } from './components';
import { FormulaPreviewPanel } from './FormulaPreviewPanel';

/** The functions a formula may call (the engine's safe expression language). */
const FUNCTIONS = [
  { sig: 'min(a, b, …)', help: 'The smallest', insert: 'min(' },
  { sig: 'max(a, b, …)', help: 'The largest', insert: 'max(' },
  { sig: 'round(x[, digits])', help: 'Half away from zero; digits 0 to 2, or -1 to -3 for tens to thousands', insert: 'round(' },
  { sig: 'floor(x)', help: 'Down to a whole number', insert: 'floor(' },
  { sig: 'ceil(x)', help: 'Up to a whole number', insert: 'ceil(' },
  { sig: 'abs(x)', help: 'Without the sign', insert: 'abs(' },
  { sig: 'if(cond, a, b)', help: 'a when cond holds, else b (also cond ? a : b)', insert: 'if(' },
  { sig: 'and  or  not', help: 'Combine conditions (also && || !)', insert: null },
  { sig: '<  <=  >  >=  ==  !=', help: 'Comparisons: 1 when true, else 0', insert: null },
  { sig: '+  -  *  /  %  ( )', help: 'Arithmetic', insert: null },
] as const;

type TYm = { year: number | null; month: number | null };
/** The dialog's fields: the head and the unit (null until picked / the default), the month it takes effect, the formula. */
export type TFormulaFields = { earningDeductionId: number | null; unitId: number | null; effectiveFrom: TYm; formula: string };
type TFormulaBody = z.output<typeof ZSaveFormula>;

/** The fields checked by the contract's ZSaveFormula (the month as yyyy-mm). */
export const FORMULA_RESOLVER = contractResolver<TFormulaFields, TFormulaBody>(
  into(
    z.object({
      earningDeductionId: pickedId(ZSaveFormula.shape.earningDeductionId),
      unitId: ZSaveFormula.shape.unitId,
      effectiveFrom: z
        .object({ year: z.number().nullable(), month: z.number().nullable() })
        .transform((v) => (v.year && v.month ? toYearMonth(v.year, v.month) : ''))
        .pipe(ZSaveFormula.shape.effectiveFrom),
      formula: ZSaveFormula.shape.formula,
    }),
    ZSaveFormula,
  ),
);

function initialForm(editing: TFormula | null, unitId: number | null): TFormulaFields {
  if (editing) {
    const ym = splitYearMonth(editing.effectiveFrom);
    return {
      earningDeductionId: editing.earningDeductionId,
      unitId: editing.unitId,
      effectiveFrom: { year: ym?.year ?? null, month: ym?.month ?? null },
      formula: editing.formula,
    };
  }
  return { earningDeductionId: null, unitId, effectiveFrom: { year: yearOptions()[0], month: currentMonth() }, formula: '' };
}

/**
 * The server names each problem of a formula (syntax, unknown name, cycle) as one message: they are kept one a line
 * (the form holds one message a field), shown as a list under the formula.
 */
export function formulaProblems(e: ApiError): ApiError {
  const problems = e.fieldErrors.formula;
  if (!problems || !e.body) return e;
  return new ApiError(e.status, e.message, { ...e.body, fieldErrors: { ...e.fieldErrors, formula: [problems.join('\n')] } });
}

/** The dialog's form, reset each time it opens, and its save (a new version, or a change to `editing`). */
function useFormulaForm(open: boolean, editing: TFormula | null, startUnit: number | null, onOpenChange: (open: boolean) => void) {
  const queryClient = useQueryClient();
  const form = useForm<TFormulaFields, unknown, TFormulaBody>({
    resolver: FORMULA_RESOLVER,
    defaultValues: initialForm(editing, startUnit),
  });
  const onError = serverErrors(form);
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (body: TFormulaBody, id: number | null) => {
      const options = { onError: (e: ApiError) => onError(formulaProblems(e)) };
      return id !== null
        ? api.put<TFormula>(apiPath('/api/payroll/formulas/:id', { id }), body, options)
        : api.post<TFormula>(apiPath('/api/payroll/formulas'), body, options);
    },
    {
      success: (saved) => ({
        title: 'Formula saved',
        description: `${saved.headCode} for ${saved.unitName ?? 'all units'} from ${formatYearMonth(saved.effectiveFrom)}`,
      }),
      onDone: async () => {
        await queryClient.invalidateQueries({ queryKey: payrollKeys.formulas });
        onOpenChange(false);
      },
    },
  );
  useEffect(() => {
    if (open) form.reset(initialForm(editing, startUnit));
  }, [form, open, editing, startUnit]);

  const save = form.handleSubmit(async (body) => {
    await saveAction.run(body, editing ? editing.id : null);
  });

  return { form, errors: form.formState.errors, save, saving: saveAction.busy };
}

type TFormulaForm = ReturnType<typeof useFormulaForm>;

/** The head (a calculative one), the unit (or the default) and the month the version takes effect. */
function FormulaTarget({ f, heads, isAdmin }: { f: TFormulaForm; heads: THead[]; isAdmin: boolean }) {
  const { form, errors } = f;
  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
      <FormField label="Head" htmlFor="formula-head" required error={errors.earningDeductionId?.message}>
        <Controller
          control={form.control}
          name="earningDeductionId"
          render={({ field }) => (
            <Select value={field.value ? String(field.value) : ''} onValueChange={(v) => field.onChange(Number(v))}>
              <SelectTrigger id="formula-head" className="w-full" aria-invalid={!!errors.earningDeductionId} data-testid="formula-head">
                <SelectValue placeholder="Choose a head" />
              </SelectTrigger>
              <SelectContent>
                {heads.map((h) => (
                  <SelectItem key={h.id} value={String(h.id)}>
                    {h.code} · {h.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField
        label="Unit"
        htmlFor="formula-unit"
        error={errors.unitId?.message}
        hint={isAdmin ? 'Default applies to every unit without its own version' : undefined}
      >
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <UnitSelect
              id="formula-unit"
              value={field.value}
              onChange={field.onChange}
              allLabel="Default (all units)"
              className="w-full"
              invalid={!!errors.unitId}
            />
          )}
        />
      </FormField>
      <FormField label="Effective from" htmlFor="formula-month" required error={errors.effectiveFrom?.message}>
        <Controller
          control={form.control}
          name="effectiveFrom"
          render={({ field }) => (
            <MonthYearInput
              id="formula-month"
              year={field.value.year}
              month={field.value.month}
              onChange={field.onChange}
              invalid={!!errors.effectiveFrom}
            />
          )}
        />
      </FormField>
    </div>
  );
}

/** The formula box and the problems the server found in it (syntax, unknown name, cycle), one a line. */
function FormulaText({
  textareaRef,
  head,
  value,
  errors,
  onChange,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  head: THead | undefined;
  value: string;
  errors: string[];
  onChange: (formula: string) => void;
}) {
  return (
    <div className="grid gap-2" data-slot="form-field">
      <label htmlFor="formula-text" className="text-sm font-medium">
        Formula{head ? ` for ${head.code}` : ''}
        <span className="text-destructive">*</span>
      </label>
      <Textarea
        ref={textareaRef}
        id="formula-text"
        rows={5}
        spellCheck={false}
        maxLength={2000}
        className="font-mono text-sm"
        placeholder="e.g. round(BASIC_FIXED * PAYABLE_DAYS / MONTH_DAYS)"
        value={value}
        aria-invalid={errors.length > 0}
        onChange={(e) => onChange(e.target.value)}
        data-testid="formula-text"
      />
      {errors.length > 0 && (
        <ul className="space-y-0.5 text-sm text-destructive" role="alert" data-testid="formula-errors">
          {errors.map((m) => (
            <li key={m} className="font-mono text-xs">
              {m}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Adds a formula version or changes one; a 400 names the problem (syntax, unknown name, cycle) under the formula. */
export function FormulaDialog({
  open,
  onOpenChange,
  editing,
  unitId,
  heads,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: TFormula | null;
  /** The unit the list is filtered by: a new formula starts as that unit's override. */
  unitId: number | null;
  heads: THead[];
}) {
  const isAdmin = useSession((s) => s.acc_dtls?.isAdmin ?? false);
  const firstUnit = useSession((s) => s.units[0]?.id ?? null);
  // Only administrators change the defaults: anyone else starts on one of their units.
  const startUnit = unitId ?? (isAdmin ? null : firstUnit);
  const f = useFormulaForm(open, editing, startUnit, onOpenChange);
  const { form, errors, save, saving } = f;
  const textarea = useRef<HTMLTextAreaElement>(null);

  const calculative = heads.filter((h) => h.isCalculative || h.id === editing?.earningDeductionId);
  const [headId, formula, formUnit] = form.watch(['earningDeductionId', 'formula', 'unitId']);
  const head = heads.find((h) => h.id === headId);
  const setFormula = (next: string) => form.setValue('formula', next, { shouldValidate: form.formState.isSubmitted });

  /** Puts a name or function at the cursor of the formula box. */
  const insert = (text: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? formula.length;
    const end = el?.selectionEnd ?? formula.length;
    setFormula(formula.slice(0, start) + text + formula.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-6xl" data-testid="formula-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? `Change ${editing.headCode} formula` : 'Add a formula'}</DialogTitle>
          <DialogDescription>
            A formula computes a calculative head each month from attendance, the structure and other heads. A unit's own version overrides
            the default from its effective month.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0 space-y-4">
            <FormulaTarget f={f} heads={calculative} isAdmin={isAdmin} />

            <FormulaText
              textareaRef={textarea}
              head={head}
              value={formula}
              errors={errors.formula?.message?.split('\n') ?? []}
              onChange={setFormula}
            />

            <div className="rounded-lg border p-4">
              <div className="mb-3 text-sm font-medium">Try it on an employee</div>
              <FormulaPreviewPanel
                compact
                initialUnitId={formUnit ?? unitId}
                draft={headId ? { earningDeductionId: headId, formula } : null}
              />
            </div>
          </div>

          <NamesPanel heads={heads} onPick={insert} />
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void save()} data-testid="save-formula">
            <Save /> {saving ? 'Saving…' : 'Save formula'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What a formula may use: the month's figures, the heads' codes, the functions. A click inserts it. */
export function NamesPanel({ heads, onPick }: { heads: THead[]; onPick?: (text: string) => void }) {
  const item = (text: string, help: string, key: string, insert: string | null = text) => (
    <li key={key}>
      <button
        type="button"
        disabled={!onPick || insert === null}
        onClick={() => insert !== null && onPick?.(insert)}
        className="w-full rounded px-1.5 py-1 text-left hover:bg-accent disabled:hover:bg-transparent"
        title={onPick && insert !== null ? `Insert ${insert}` : undefined}
      >
        <span className="font-mono text-xs font-medium">{text}</span>
        <span className="block text-xs text-muted-foreground">{help}</span>
      </button>
    </li>
  );
  return (
    <aside className="max-h-[70vh] space-y-4 overflow-y-auto rounded-lg border bg-muted/30 p-3 text-sm" data-testid="formula-names">
      <section>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground uppercase tracking-wide">Names</h3>
        <ul>{FORMULA_NAMES.filter((n) => !n.name.startsWith('<')).map((n) => item(n.name, n.help, n.name))}</ul>
      </section>
      <section>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground uppercase tracking-wide">Heads</h3>
        <p className="mb-1 px-1.5 text-xs text-muted-foreground">
          {FORMULA_NAMES.filter((n) => n.name.startsWith('<'))
            .map((n) => `${n.name}: ${n.help}`)
            .join('. ')}
          .
        </p>
        <ul>
          {heads.map((h) =>
            item(
              h.code,
              `${h.name} (${h.isEarning ? 'earning' : 'deduction'}${h.isCalculative ? ', formula' : ', structure'})`,
              `h${h.id}`,
            ),
          )}
          {heads.filter((h) => !h.isCalculative).map((h) => item(`${h.code}_FIXED`, `${h.name}: monthly structure amount`, `f${h.id}`))}
        </ul>
      </section>
      <section>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground uppercase tracking-wide">Functions and operators</h3>
        <ul>{FUNCTIONS.map((f) => item(f.sig, f.help, f.sig, f.insert))}</ul>
      </section>
    </aside>
  );
}
