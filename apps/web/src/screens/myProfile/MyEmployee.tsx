import type { TEmployee } from '@hr/contract';
import { UserX } from 'lucide-react';
import type * as React from 'react';
import { EmptyState } from '@/components/ui/page-header';
import { useMyEmployee } from '../transaction/employee/api';

/** Renders `children` with the signed-in user's own employee record; says so when the sign-in has none. */
export function WithMyEmployee({ children }: { children: (e: TEmployee) => React.ReactNode }) {
  const me = useMyEmployee();
  if (me.isError)
    return (
      <EmptyState
        icon={<UserX />}
        title="No employee record"
        description="Your sign-in is not linked to an employee record. Ask the HR office to link it."
      />
    );
  if (!me.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return children(me.data);
}
