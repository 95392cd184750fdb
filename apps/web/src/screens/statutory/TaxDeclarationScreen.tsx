// /outlet/me/tax-declaration: an employee declares, for a financial year, the tax regime, the rent paid (HRA), the
// investments and deductions by section, a previous employer's salary and tax, income from other sources reported
// to the employer and relief under section 89; the salary run deducts TDS on them and Form 16 prints them. Payroll users pick an employee of their units, change the declaration (also after the proof cut-off),
// mark lines proved and set the year's cut-off. The regime comparison is the tax calculator's, on the year's
// estimated salary (GET /api/payroll/tax-declarations/me | /:employeeId).
import { financialYearOf } from '@hr/calendar';
import {
  DECLARATION_SECTIONS,
  type TDeclarationSection,
  type TTaxDeclaration,
  type TTaxDeclarationInput,
  type TTaxProofsInput,
} from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { sectionLabel, underAct2025 } from '@hr/payroll';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmployeePicker } from '@/components/EmployeePicker';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { type ApiError, api } from '@/lib/api';
import { formatRupees, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';

import { findMenu } from '@/lib/useCurrentMenu';
import { ProofFile } from './ProofFile';
import { Comparison } from './TaxCalculatorScreen';

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

type Picked = Parameters<typeof EmployeePicker>[0]['value'];
type Errors = Record<string, string[]>;

/** "Tax year" from 2026-27 (Income-tax Act, 2025), "Financial year" before. */
const yearWord = (fy: string) => (underAct2025(fy) ? 'Tax year' : 'Financial year');

function yearChoices(): string[] {
  const current = financialYearOf(todayIso()).startYear;
  const name = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  return [name(current + 1), name(current), name(current - 1)];
}

const text = (n: number) => (n ? String(n) : '');
const amount = (t: string): number => (t.trim() === '' ? 0 : Number(t.replace(/,/g, '')));

export default function TaxDeclarationScreen() {
  const payroll = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.view ?? false);
  const mayEdit = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.edit ?? false);
  const years = yearChoices();
  const [financialYear, setFinancialYear] = useState(years[1]);
  const [employee, setEmployee] = useState<Picked>(null);
  const url = payroll && employee ? `/api/payroll/tax-declarations/${employee.id}` : '/api/payroll/tax-declarations/me';
  const asPayroll = payroll && !!employee;
  const query = useQuery({
    queryKey: ['tax-declaration', url, financialYear],
    // `silent`: the alert below says why (no error toast repeating it).
    queryFn: ({ signal }) => api.get<TTaxDeclaration>(url, { financialYear }, { signal, silent: true }),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Income Tax Declaration"
        description="Your regime, rent, investments and a previous employer’s figures for the year: the monthly TDS on your salary is worked out from them. Claims not proved by the year’s cut-off stop counting."
      />
      <div className="flex flex-wrap items-end gap-4">
        <FormField label={yearWord(financialYear)} htmlFor="decl-fy">
          <Select value={financialYear} onValueChange={setFinancialYear}>
            <SelectTrigger id="decl-fy" aria-label={yearWord(financialYear)} className="w-36">
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
        {payroll && (
          <FormField label="Employee" htmlFor="decl-employee" hint="Leave empty for your own declaration">
            <EmployeePicker id="decl-employee" value={employee} onChange={setEmployee} className="w-80" />
          </FormField>
        )}
      </div>
      {query.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {(query.error as Error).message}
            {payroll && !employee && ': find an employee above to see their declaration.'}
          </AlertDescription>
        </Alert>
      ) : (
        <DeclarationForm
          key={`${url}:${financialYear}:${query.dataUpdatedAt}`}
          data={query.data as TTaxDeclaration}
          url={url}
          asPayroll={asPayroll}
          mayEdit={asPayroll ? mayEdit : true}
          mayProve={asPayroll && mayEdit}
        />
      )}
    </div>
  );
}

function DeclarationForm({
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
  const client = useQueryClient();
  const [regime, setRegime] = useState(data.regime);
  const [rent, setRent] = useState(text(data.rentPerMonth));
  const [metro, setMetro] = useState(data.metro);
  const [lines, setLines] = useState<Record<string, string>>(() => Object.fromEntries(data.lines.map((l) => [l.section, text(l.amount)])));
  const [prevIncome, setPrevIncome] = useState(text(data.previousEmployerIncome));
  const [prevTds, setPrevTds] = useState(text(data.previousEmployerTds));
  const [otherIncome, setOtherIncome] = useState(text(data.otherIncome));
  const [relief89, setRelief89] = useState(text(data.relief89));
  const [errors, setErrors] = useState<Errors>({});
  // On failure the toast and the inline errors say why.
  const saveAction = useAction(
    (body: TTaxDeclarationInput, onSaveError: (e: ApiError) => void) => api.put<TTaxDeclaration>(url, body, { onError: onSaveError }),
    { success: 'Declaration saved', onDone: () => refresh() },
  );
  const busy = saveAction.busy;
  const [cutoff, setCutoff] = useState(data.proofCutoff ?? '');
  const locked = !asPayroll && data.afterCutoff;
  const readOnly = locked || !mayEdit;
  const proved = new Map(data.lines.map((l) => [l.section, l.proved]));

  const refresh = () => client.invalidateQueries({ queryKey: ['tax-declaration', url] });
  const onError = (e: ApiError) => setErrors(e.fieldErrors);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: TTaxDeclarationInput = {
      financialYear: data.financialYear,
      regime,
      rentPerMonth: amount(rent),
      metro,
      lines: DECLARATION_SECTIONS.filter((s) => amount(lines[s] ?? '') !== 0).map((s) => ({ section: s, amount: amount(lines[s]) })),
      previousEmployerIncome: amount(prevIncome),
      previousEmployerTds: amount(prevTds),
      otherIncome: amount(otherIncome),
      relief89: amount(relief89),
    };
    // A line's error comes back by its place in the lines sent: shown beside its section.
    const sent = (body.lines ?? []).map((l) => l.section);
    const onSaveError = (e: ApiError) => {
      const out: Errors = {};
      for (const [key, list] of Object.entries(e.fieldErrors)) {
        const m = /^lines\.(\d+)\./.exec(key);
        out[m && sent[Number(m[1])] ? `line.${sent[Number(m[1])]}` : key] = list;
      }
      setErrors(out);
    };
    await saveAction.run(body, onSaveError);
  };

  const prove = async (change: Omit<TTaxProofsInput, 'financialYear'>) => {
    try {
      await api.post<TTaxDeclaration>(`${url}/proofs`, { financialYear: data.financialYear, ...change }, { onError });
      await refresh();
    } catch {
      // shown by the toast
    }
  };

  const saveCutoff = async () => {
    try {
      await api.put('/api/payroll/tax-proof-windows', { financialYear: data.financialYear, proofCutoff: cutoff }, { onError });
      toast({ title: `Proof cut-off of ${data.financialYear} set`, variant: 'success' });
      await refresh();
    } catch {
      // shown by the toast
    }
  };

  const c = data.comparison;
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
          <form className="grid min-w-0 grid-cols-1 gap-4" onSubmit={save} noValidate>
            <FormField label="Tax regime" htmlFor="decl-regime" error={errors.regime} required className="grid-cols-1">
              <Select value={regime} onValueChange={(v) => setRegime(v as 'new' | 'old')} disabled={readOnly}>
                <SelectTrigger id="decl-regime" aria-label="Tax regime" className="w-full min-w-0 max-w-full sm:w-fit [&>span]:truncate">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="new">New regime (section {sectionLabel('115BAC', data.financialYear)}, the default)</SelectItem>
                  <SelectItem value="old">Old regime (exemptions and deductions)</SelectItem>
                </SelectContent>
              </Select>
            </FormField>
            <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Rent (HRA exemption, old regime)</legend>
              <FormField label="Rent paid a month" htmlFor="decl-rent" error={errors.rentPerMonth}>
                <div className="flex items-center gap-2">
                  <Input id="decl-rent" inputMode="decimal" value={rent} onChange={(e) => setRent(e.target.value)} disabled={readOnly} />
                  <ProofMark
                    proved={data.rentProved}
                    show={data.rentPerMonth > 0}
                    mayProve={mayProve}
                    onChange={(v) => prove({ rentProved: v })}
                    label="Rent"
                  />
                </div>
              </FormField>
              <label className="flex items-center gap-2 text-sm" htmlFor="decl-metro">
                <Checkbox id="decl-metro" checked={metro} onCheckedChange={(v) => setMetro(v === true)} disabled={readOnly} />
                The rented house is in Delhi, Mumbai, Kolkata or Chennai (50 % rather than 40 %)
              </label>
            </fieldset>
            <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Investments and deductions (old regime)</legend>
              {DECLARATION_SECTIONS.map((s) => (
                <FormField
                  key={s}
                  label={sectionLabel(s, data.financialYear)}
                  htmlFor={`decl-${s}`}
                  hint={HINTS[s]}
                  error={errors[`line.${s}`]}
                >
                  <div className="flex items-center gap-2">
                    <Input
                      id={`decl-${s}`}
                      inputMode="decimal"
                      value={lines[s] ?? ''}
                      onChange={(e) => setLines((l) => ({ ...l, [s]: e.target.value }))}
                      disabled={readOnly}
                    />
                    <ProofMark
                      proved={proved.get(s) ?? false}
                      show={proved.has(s)}
                      mayProve={mayProve}
                      onChange={(v) => prove({ lines: [{ section: s, proved: v }] })}
                      label={s}
                    />
                    {proved.has(s) && (
                      <ProofFile
                        employeeId={data.employeeId}
                        financialYear={data.financialYear}
                        section={s}
                        fileName={data.lines.find((l) => l.section === s)?.proofFileName ?? null}
                        mayAttach={!readOnly}
                        onChanged={refresh}
                      />
                    )}
                  </div>
                </FormField>
              ))}
            </fieldset>
            <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Previous employer this year (Form 12B)</legend>
              <FormField label="Salary paid" htmlFor="decl-prev-income" error={errors.previousEmployerIncome}>
                <Input
                  id="decl-prev-income"
                  inputMode="decimal"
                  value={prevIncome}
                  onChange={(e) => setPrevIncome(e.target.value)}
                  disabled={readOnly}
                />
              </FormField>
              <FormField label="Tax deducted" htmlFor="decl-prev-tds" error={errors.previousEmployerTds}>
                <Input
                  id="decl-prev-tds"
                  inputMode="decimal"
                  value={prevTds}
                  onChange={(e) => setPrevTds(e.target.value)}
                  disabled={readOnly}
                />
              </FormField>
            </fieldset>
            <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Other income and relief</legend>
              <FormField
                label="Income from other sources"
                htmlFor="decl-other-income"
                hint="Interest and the like you want taxed through your salary (section 192(2B)); printed on Form 16"
                error={errors.otherIncome}
              >
                <Input
                  id="decl-other-income"
                  inputMode="decimal"
                  value={otherIncome}
                  onChange={(e) => setOtherIncome(e.target.value)}
                  disabled={readOnly}
                />
              </FormField>
              <FormField
                label="Relief under section 89"
                htmlFor="decl-relief89"
                hint="For salary arrears of earlier years, as worked out in Form 10E; lowers the tax deducted"
                error={errors.relief89}
              >
                <Input
                  id="decl-relief89"
                  inputMode="decimal"
                  value={relief89}
                  onChange={(e) => setRelief89(e.target.value)}
                  disabled={readOnly}
                />
              </FormField>
            </fieldset>
            {!readOnly && (
              <Button type="submit" disabled={busy}>
                <Save /> {busy ? 'Saving…' : 'Save the declaration'}
              </Button>
            )}
          </form>
          {mayProve && (
            <div className="mt-6 flex flex-wrap items-end gap-2 border-t pt-4">
              <FormField label={`Proof cut-off of ${data.financialYear}`} htmlFor="decl-cutoff" error={errors.proofCutoff}>
                <DateInput id="decl-cutoff" value={cutoff} onChange={(e) => setCutoff(e.target.value)} className="w-44" />
              </FormField>
              <Button type="button" variant="outline" onClick={saveCutoff} disabled={!cutoff}>
                Set the cut-off
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Estimated salary for the year {formatRupees(c.estimatedAnnualSalary)} (the slips so far, the latest month for the rest, a previous
          employer’s salary added); HRA exemption {formatRupees(c.hraExemption)}; professional tax {formatRupees(c.professionalTax)}. Saved
          figures only.
        </p>
        {c.relief89 > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="relief-89">
            Relief under section 89 of {formatRupees(c.relief89)} lowers the tax deducted: new regime {formatRupees(c.netTax.new ?? 0)}, old
            regime {formatRupees(c.netTax.old ?? 0)} after it.
          </p>
        )}
        {c.new && c.old ? (
          <Comparison results={{ new: c.new, old: c.old }} />
        ) : (
          <Alert>
            <AlertDescription>No tax rates are known for {data.financialYear} yet.</AlertDescription>
          </Alert>
        )}
      </div>
    </div>
  );
}

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
