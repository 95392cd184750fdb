import type { TEmployee } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { StructureView } from '@/components/payroll/StructureView';
import { useHeads } from '@/components/payroll/structure';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** The employee record's Salary tab: the current structure and its history (read-only; changes go through Salary Increment). */
export function SalaryPanel({ employee, canChange }: { employee: TEmployee; canChange: boolean }) {
  const heads = useHeads();
  if (heads.isLoading) return <Skeleton className="h-64" />;
  return (
    <div className="space-y-4" data-testid="employee-salary">
      <StructureView employee={{ id: employee.id, name: employee.name, employeeCode: employee.employeeCode }} heads={heads.data ?? []} />
      {canChange && (
        <Button variant="outline" asChild>
          <Link to={MENU.salaryIncrement}>
            Change the structure or give an increment <ArrowRight />
          </Link>
        </Button>
      )}
    </div>
  );
}
