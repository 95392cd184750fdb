// One employee's income-tax declaration for a year (TaxDeclarationScreen): the regime, the rent, the lines by section
// with their proofs, a previous employer's figures, other income and relief under section 89; beside it, the regime
// comparison on the year's estimated salary. Payroll users mark lines proved and set the year's proof cut-off.
import {
  DECLARATION_SECTIONS,
  type TDeclarationSection,
  type TTaxDeclaration,
  type TTaxDeclarationInput,
  type TTaxProofsInput,
} from '@hr/contract';
import { sectionLabel } from '@hr/payroll';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, get, useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';
import { draftOf, formNames, RESOLVER, type TDraft, type TYear } from './declaration-form';
import { EstimateSide } from './EstimateSide';
import { ProofFile } from './ProofFile';

const HINTS: Record<TDeclarationSection, string> = {
  '80C': 'PF, PPF, ELSS, life insurance, tuition fees, home-loan principal (with 80CCC and 80CCD(1): ₹1.5 L together)',
  '80CCC': 'Pension fund contributions (within the ₹1.5 L of 80C)',
  '80CCD(1)': 'Own NPS contribution (within the ₹1.5 L of 80C)',
  '80CCD(1B)': 'Further own NPS contribution, up to ₹50,000',
  '80CCD(2)': 'Your employer’s NPS contribution for you: up to 14 % of basic + DA (new regime, the one deduction it allows) or 10 % (old)',
  '80D': 'Health insurance for self and family, up to ₹25,000',
  '80E': 'Interest on an education loan, no cap',
  '80G': 'The deductible amount of donations',
  '80TTA': 'Savings bank interest, up to ₹10,000',
  '24(b)': 'Interest on a self-occupied home loan, up to ₹2 L: counted as a loss from house property, not a chapter VI-A deduction',
};

/** The declaration being edited, its save, the proof marks and the cut-off (each refreshes the declaration). */
function useDeclaration(data: TTaxDeclaration, url: string) {
  const client = useQueryClient();
  const form = useForm<TDraft, TYear, TTaxDeclarationInput>({
    resolver: RESOLVER,
    context: { financialYear: data.financialYear },
    defaultValues: draftOf(data),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['tax-declaration', url] });
  // The proof marks' and the cut-off's errors: the cut-off's under its field, the rest on the form's line.
  const onError = serverErrors(form, { fields: [...Object.keys(draftOf(data)), 'proofCutoff'] });
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (body: TTaxDeclarationInput, draft: TDraft) =>
      api.put<TTaxDeclaration>(url, body, { onError: serverErrors(form, { rename: formNames(draft) }) }),
    { success: 'Declaration saved', onDone: () => refresh() },
  );
  const proveAction = useAction(
    (change: Omit<TTaxProofsInput, 'financialYear'>) =>
      api.post<TTaxDeclaration>(`${url}/proofs`, { financialYear: data.financialYear, ...change }, { onError }),
    { onDone: () => refresh() },
  );
  const cutoffAction = useAction(
    (proofCutoff: string) =>
      api.put(apiPath('/api/payroll/tax-proof-windows'), { financialYear: data.financialYear, proofCutoff }, { onError }),
    { success: `Proof cut-off of ${data.financialYear} set`, onDone: () => refresh() },
  );

  return {
    form,
    /** A field's message: 'rent', 'lines.80C', 'proofCutoff'… */
    error: (name: string): string | undefined => (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
    save: form.handleSubmit(async (body) => {
      await saveAction.run(body, form.getValues());
    }),
    busy: saveAction.busy,
    prove: (change: Omit<TTaxProofsInput, 'financialYear'>) => void proveAction.run(change),
    saveCutoff: (cutoff: string) => void cutoffAction.run(cutoff),
    refresh,
  };
}

type TDeclaration = ReturnType<typeof useDeclaration>;
type TPartProps = { data: TTaxDeclaration; f: TDeclaration; readOnly: boolean; mayProve: boolean };

/** Proved or not: a tick for the payroll office, a badge for the employee; nothing when nothing is declared. */
function ProofMark({
  proved,
  show,
  mayProve,
  onChange,
  label,
}: {
  proved: boolean;
  show: boolean;
  mayProve: boolean;
  onChange: (v: boolean) => void;
  label: string;
}) {
  if (!show) return null;
  if (mayProve) {
    return (
      <label className="flex shrink-0 items-center gap-1 text-xs">
        <Checkbox checked={proved} onCheckedChange={(v) => onChange(v === true)} aria-label={`${label} proved`} />
        Proved
      </label>
    );
  }
  return proved ? (
    <Badge variant="success" className="shrink-0">
      <CheckCircle2 /> Proved
    </Badge>
  ) : (
    <Badge variant="outline" className="shrink-0">
      Not proved
    </Badge>
  );
}

/** The regime and the rent (with its proof and the metro flag). */
function RegimeAndRent({ data, f, readOnly, mayProve }: TPartProps) {
  const { form, error } = f;
  return (
    <>
      <FormField label="Tax regime" htmlFor="decl-regime" error={error('regime')} required className="grid-cols-1">
        <Controller
          control={form.control}
          name="regime"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={readOnly}>
              <SelectTrigger id="decl-regime" aria-label="Tax regime" className="w-full min-w-0 max-w-full sm:w-fit [&>span]:truncate">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="new">New regime (section {sectionLabel('115BAC', data.financialYear)}, the default)</SelectItem>
                <SelectItem value="old">Old regime (exemptions and deductions)</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Rent (HRA exemption, old regime)</legend>
        <FormField label="Rent paid a month" htmlFor="decl-rent" error={error('rent')}>
          <div className="flex items-center gap-2">
            <Input
              id="decl-rent"
              inputMode="decimal"
              aria-invalid={!!error('rent') || undefined}
              disabled={readOnly}
              {...form.register('rent')}
            />
            <ProofMark
              proved={data.rentProved}
              show={data.rentPerMonth > 0}
              mayProve={mayProve}
              onChange={(v) => f.prove({ rentProved: v })}
              label="Rent"
            />
          </div>
        </FormField>
        <label className="flex items-center gap-2 text-sm" htmlFor="decl-metro">
          <Controller
            control={form.control}
            name="metro"
            render={({ field }) => (
              <Checkbox id="decl-metro" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} disabled={readOnly} />
            )}
          />
          The rented house is in Delhi, Mumbai, Kolkata or Chennai (50 % rather than 40 %)
        </label>
      </fieldset>
    </>
  );
}

/** A line per section: its amount, whether it is proved, and its proof file. */
function SectionLines({ data, f, readOnly, mayProve }: TPartProps) {
  const proved = new Map(data.lines.map((l) => [l.section, l.proved]));
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Investments and deductions (old regime)</legend>
      {DECLARATION_SECTIONS.map((s) => (
        <FormField key={s} label={sectionLabel(s, data.financialYear)} htmlFor={`decl-${s}`} hint={HINTS[s]} error={f.error(`lines.${s}`)}>
          <div className="flex items-center gap-2">
            <Input
              id={`decl-${s}`}
              inputMode="decimal"
              aria-invalid={!!f.error(`lines.${s}`) || undefined}
              disabled={readOnly}
              {...f.form.register(`lines.${s}`)}
            />
            <ProofMark
              proved={proved.get(s) ?? false}
              show={proved.has(s)}
              mayProve={mayProve}
              onChange={(v) => f.prove({ lines: [{ section: s, proved: v }] })}
              label={s}
            />
            {proved.has(s) && (
              <ProofFile
                employeeId={data.employeeId}
                financialYear={data.financialYear}
                section={s}
                fileName={data.lines.find((l) => l.section === s)?.proofFileName ?? null}
                mayAttach={!readOnly}
                onChanged={f.refresh}
              />
            )}
          </div>
        </FormField>
      ))}
    </fieldset>
  );
}

/** A rupee figure of the declaration. */
function AmountField(props: {
  f: TDeclaration;
  name: 'prevIncome' | 'prevTds' | 'otherIncome' | 'relief89';
  id: string;
  label: string;
  hint?: string;
  readOnly: boolean;
}) {
  const { f, name } = props;
  return (
    <FormField label={props.label} htmlFor={props.id} hint={props.hint} error={f.error(name)}>
      <Input
        id={props.id}
        inputMode="decimal"
        aria-invalid={!!f.error(name) || undefined}
        disabled={props.readOnly}
        {...f.form.register(name)}
      />
    </FormField>
  );
}

/** A previous employer's salary and tax this year, other income and relief under section 89. */
function OtherFigures({ f, readOnly }: { f: TDeclaration; readOnly: boolean }) {
  return (
    <>
      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Previous employer this year (Form 12B)</legend>
        <AmountField f={f} name="prevIncome" id="decl-prev-income" label="Salary paid" readOnly={readOnly} />
        <AmountField f={f} name="prevTds" id="decl-prev-tds" label="Tax deducted" readOnly={readOnly} />
      </fieldset>
      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Other income and relief</legend>
        <AmountField
          f={f}
          name="otherIncome"
          id="decl-other-income"
          label="Income from other sources"
          hint="Interest and the like you want taxed through your salary (section 192(2B)); printed on Form 16"
          readOnly={readOnly}
        />
        <AmountField
          f={f}
          name="relief89"
          id="decl-relief89"
          label="Relief under section 89"
          hint="For salary arrears of earlier years, as worked out in Form 10E; lowers the tax deducted"
          readOnly={readOnly}
        />
      </fieldset>
    </>
  );
}

/** The year's proof cut-off, set by the payroll office. */
function ProofCutoff({ data, f }: { data: TTaxDeclaration; f: TDeclaration }) {
  const [cutoff, setCutoff] = useState(data.proofCutoff ?? '');
  return (
    <div className="mt-6 flex flex-wrap items-end gap-2 border-t pt-4">
      <FormField label={`Proof cut-off of ${data.financialYear}`} htmlFor="decl-cutoff" error={f.error('proofCutoff')}>
        <DateInput id="decl-cutoff" value={cutoff} onChange={(e) => setCutoff(e.target.value)} className="w-44" />
      </FormField>
      <Button type="button" variant="outline" onClick={() => f.saveCutoff(cutoff)} disabled={!cutoff}>
        Set the cut-off
      </Button>
    </div>
  );
}

export function DeclarationForm({
  data,
  url,
  asPayroll,
  mayEdit,
  mayProve,
}: {
  data: TTaxDeclaration;
  url: string;
  asPayroll: boolean;
  mayEdit: boolean;
  mayProve: boolean;
}) {
  const f = useDeclaration(data, url);
  const locked = !asPayroll && data.afterCutoff;
  const readOnly = locked || !mayEdit;
  const parts = { data, f, readOnly, mayProve };

  return (
    <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            {data.employeeName} ({data.employeeCode}) · {data.financialYear}
          </CardTitle>
          <CardDescription>
            {data.proofCutoff
              ? `Proofs by ${data.proofCutoff}: after that, salary months count proved claims only.`
              : 'No proof cut-off is set for this year yet.'}
            {!data.declared && ' Nothing declared yet: the new regime applies.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {locked && (
            <Alert className="mb-4">
              <AlertDescription>The proof window has closed: ask the payroll office to change your declaration.</AlertDescription>
            </Alert>
          )}
          <form className="grid min-w-0 grid-cols-1 gap-4" onSubmit={f.save} noValidate>
            <RegimeAndRent {...parts} />
            <SectionLines {...parts} />
            <OtherFigures f={f} readOnly={readOnly} />
            {!readOnly && (
              <Button type="submit" disabled={f.busy}>
                <Save /> {f.busy ? 'Saving…' : 'Save the declaration'}
              </Button>
            )}
          </form>
          {mayProve && <ProofCutoff data={data} f={f} />}
        </CardContent>
      </Card>
      <EstimateSide data={data} />
    </div>
  );
}
