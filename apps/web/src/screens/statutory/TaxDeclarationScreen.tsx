// /outlet/me/tax-declaration: an employee declares, for a financial year, the tax regime, the rent paid (HRA), the
// investments and deductions by section, a previous employer's salary and tax, income from other sources reported
// to the employer and relief under section 89; the salary run deducts TDS on them and Form 16 prints them. Payroll users pick an employee of their units, change the declaration (also after the proof cut-off),
// mark lines proved and set the year's cut-off. The regime comparison is the tax calculator's, on the year's
// estimated salary (GET /api/payroll/tax-declarations/me | /:employeeId).
import { financialYearOf } from '@hr/calendar';
import type { TTaxDeclaration } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { underAct2025 } from '@hr/payroll';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmployeePicker } from '@/components/EmployeePicker';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { findMenu } from '@/lib/useCurrentMenu';
import { DeclarationForm } from './DeclarationForm';

type Picked = Parameters<typeof EmployeePicker>[0]['value'];

/** "Tax year" from 2026-27 (Income-tax Act, 2025), "Financial year" before. */
const yearWord = (fy: string) => (underAct2025(fy) ? 'Tax year' : 'Financial year');

function yearChoices(): string[] {
  const current = financialYearOf(todayIso()).startYear;
  const name = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  return [name(current + 1), name(current), name(current - 1)];
}

export default function TaxDeclarationScreen() {
  const payroll = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.view ?? false);
  const mayEdit = useSession((s) => findMenu(s.rawMenus, MENU.salaryProcess)?.actions.edit ?? false);
  const years = yearChoices();
  const [financialYear, setFinancialYear] = useState(years[1]);
  const [employee, setEmployee] = useState<Picked>(null);
  const url =
    payroll && employee
      ? apiPath('/api/payroll/tax-declarations/:employeeId', { employeeId: employee.id })
      : apiPath('/api/payroll/tax-declarations/me');
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
