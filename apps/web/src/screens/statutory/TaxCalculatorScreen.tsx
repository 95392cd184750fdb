// /outlet/tax-calculator: a payroll user enters a year's salary, exemptions, professional tax and the deductions
// claimed, and sees the income tax under both regimes side by side (POST /api/payroll/tax/compute for each; the
// server applies the caps, the 87A rebate and surcharge with their marginal relief, and the rounding).
import { financialYearOf } from '@hr/calendar';
import type { TTaxCompute, TTaxComputeResult } from '@hr/contract';
import { Calculator, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { get, useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { serverErrors } from '@/lib/form';
import { formatRupees, todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { bodyOf, RESOLVER, type TCalculatorForm } from './calculator-form';

/** The sections a payroll office is asked about most, as the Act names them (the server knows the full list). */
const SECTIONS: { key: string; label: string; hint: string }[] = [
  { key: '80C', label: '80C', hint: 'PF, PPF, ELSS, life insurance, tuition fees (with 80CCC and 80CCD(1): ₹1.5 L together)' },
  { key: '80CCD(1B)', label: '80CCD(1B)', hint: 'Own NPS contribution, up to ₹50,000' },
  { key: '80D', label: '80D (self and family)', hint: 'Health insurance, up to ₹25,000' },
  { key: '80D(parents)', label: '80D (parents)', hint: 'Up to ₹25,000; ₹50,000 for senior parents under “80D(senior parents)”' },
  { key: '80E', label: '80E', hint: 'Interest on an education loan, no cap' },
  { key: '80G', label: '80G', hint: 'The deductible amount of donations' },
  { key: '80TTA', label: '80TTA', hint: 'Savings bank interest, up to ₹10,000' },
  { key: '24(b)', label: '24(b)', hint: 'Interest on a self-occupied home loan, up to ₹2 L' },
];

type Regime = 'new' | 'old';
type Results = Record<Regime, TTaxComputeResult>;

function yearChoices(): string[] {
  const current = financialYearOf(todayIso()).startYear;
  const name = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  return [name(current + 1), name(current), name(current - 1), name(current - 2)];
}

export default function TaxCalculatorScreen() {
  const years = yearChoices();
  const form = useForm<TCalculatorForm, unknown, TTaxCompute>({
    resolver: RESOLVER,
    defaultValues: { financialYear: years[1], annualGrossSalary: '', exemptions: '', professionalTax: '', deductions: {} },
  });
  /** A field's message: 'annualGrossSalary', 'deductions.80C'… */
  const error = (name: string): string | undefined => (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const [results, setResults] = useState<Results | null>(null);
  // Both regimes at once; on failure the toast and the inline errors say why.
  const compare = useAction(
    (body: (regime: Regime) => TTaxCompute) => {
      const options = { onError: serverErrors(form) };
      return Promise.all([
        api.post<TTaxComputeResult>(apiPath('/api/payroll/tax/compute'), body('new'), options),
        api.post<TTaxComputeResult>(apiPath('/api/payroll/tax/compute'), body('old'), options),
      ]);
    },
    { onDone: ([fresh, old]) => setResults({ new: fresh, old }), onError: () => setResults(null) },
  );
  const busy = compare.busy;

  const submit = form.handleSubmit(async () => {
    const v = form.getValues();
    await compare.run((regime) => bodyOf(v, regime));
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tax Calculator"
        description="Income tax on a year’s salary under the new and the old regime, with the caps, the section 87A rebate and surcharge as the Finance Act of the year sets them."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>The employee’s figures</CardTitle>
            <CardDescription>
              Whole-year amounts in rupees. Exemptions, professional tax and deductions count in the old regime only.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <FormField label="Financial year" htmlFor="tax-fy" error={error('financialYear')} required>
                <Select value={form.watch('financialYear')} onValueChange={(y) => form.setValue('financialYear', y)}>
                  <SelectTrigger id="tax-fy" aria-label="Financial year">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {years.map((y) => (
                      <SelectItem key={y} value={y}>
                        {y}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
              <FormField label="Gross salary for the year" htmlFor="tax-gross" error={error('annualGrossSalary')} required>
                <Input
                  id="tax-gross"
                  inputMode="decimal"
                  placeholder="e.g. 1275000"
                  aria-invalid={!!error('annualGrossSalary') || undefined}
                  {...form.register('annualGrossSalary')}
                />
              </FormField>
              <FormField
                label="Exemptions under section 10"
                htmlFor="tax-exemptions"
                error={error('exemptions')}
                hint="HRA (least of HRA received, rent less 10 % of basic + DA, 50 % / 40 % of basic + DA), LTA and the like"
              >
                <Input id="tax-exemptions" inputMode="decimal" {...form.register('exemptions')} />
              </FormField>
              <FormField label="Professional tax paid" htmlFor="tax-pt" error={error('professionalTax')} hint="Deducted up to ₹2,500">
                <Input id="tax-pt" inputMode="decimal" {...form.register('professionalTax')} />
              </FormField>
              <fieldset className="grid gap-3 rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">Deductions claimed</legend>
                {SECTIONS.map((s) => (
                  <FormField key={s.key} label={s.label} htmlFor={`tax-${s.key}`} error={error(`deductions.${s.key}`)} hint={s.hint}>
                    <Input id={`tax-${s.key}`} inputMode="decimal" {...form.register(`deductions.${s.key}`)} />
                  </FormField>
                ))}
              </fieldset>
              <Button type="submit" disabled={busy}>
                <Calculator /> {busy ? 'Working out…' : 'Compare the regimes'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <Comparison results={results} />
      </div>
    </div>
  );
}

const ROWS: { label: string; value: (r: TTaxComputeResult) => number; strong?: boolean }[] = [
  { label: 'Gross salary', value: (r) => r.annualGrossSalary },
  { label: 'Standard deduction', value: (r) => -r.standardDeduction },
  { label: 'Exemptions (section 10)', value: (r) => -r.exemptions },
  { label: 'Professional tax', value: (r) => -r.professionalTax },
  { label: 'House property (24(b) interest, a loss)', value: (r) => r.houseProperty },
  { label: 'Income from other sources', value: (r) => r.otherIncome },
  { label: 'Deductions allowed', value: (r) => -Object.values(r.deductions).reduce((a, b) => a + b, 0) },
  { label: 'Taxable income (rounded to ₹10)', value: (r) => r.taxableIncome, strong: true },
  { label: 'Tax on income', value: (r) => r.taxOnIncome },
  { label: 'Rebate u/s 87A (with marginal relief)', value: (r) => -r.rebate },
  { label: 'Surcharge (after marginal relief)', value: (r) => r.surcharge },
  { label: 'Health and education cess', value: (r) => r.cess },
  { label: 'Total tax (rounded to ₹10)', value: (r) => r.totalTax, strong: true },
];

/** Both regimes' computations side by side, the lower tax marked (also the tax declaration's comparison). */
export function Comparison({ results }: { results: Results | null }) {
  if (!results) {
    return (
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Both regimes side by side</CardTitle>
          <CardDescription>Enter the figures and compare: each regime’s computation appears here, the lower tax marked.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const difference = results.old.totalTax - results.new.totalTax;
  const better: Regime | null = difference > 0 ? 'new' : difference < 0 ? 'old' : null;
  const head = (regime: Regime, title: string) => (
    <TableHead className="text-right">
      <span className="inline-flex items-center gap-2">
        {title}
        {better === regime && (
          <Badge variant="success">
            <TrendingDown /> Lower
          </Badge>
        )}
      </span>
    </TableHead>
  );
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Financial year {results.new.financialYear}</CardTitle>
        <CardDescription>
          {better
            ? `The ${better} regime costs ${formatRupees(Math.abs(difference))} less tax for these figures.`
            : 'Both regimes come to the same tax for these figures.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Computation</TableHead>
              {head('new', 'New regime')}
              {head('old', 'Old regime')}
            </TableRow>
          </TableHeader>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row.label} className={row.strong ? 'font-semibold' : undefined}>
                <TableCell>{row.label}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRupees(row.value(results.new))}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRupees(row.value(results.old))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {Object.keys(results.old.deductions).length > 0 && (
          <p className="mt-3 text-xs text-muted-foreground">
            Old regime deductions after their caps:{' '}
            {Object.entries(results.old.deductions)
              .map(([k, v]) => `${k} ${formatRupees(v)}`)
              .join(', ')}
            . The new regime allows none of them.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
