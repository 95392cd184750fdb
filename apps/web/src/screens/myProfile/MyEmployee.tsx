import type { TEmployee } from '@hr/contract';
import { UserX } from 'lucide-react';
import type * as React from 'react';
import { useMyEmployee } from '@/components/employee/api';
import { EmptyState } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api';

/**
 * Renders `children` with the signed-in user's own employee record; says so when the sign-in has none (404),
 * and says what went wrong otherwise (the query is silent: this screen is where the error shows).
 */
export function WithMyEmployee({ children }: { children: (e: TEmployee) => React.ReactNode }) {
  const me = useMyEmployee();
  if (me.isError && !(me.error instanceof ApiError && me.error.status === 404))
    return (
      <EmptyState
        icon={<UserX />}
        title="Your record could not be loaded"
        description={me.error instanceof Error ? me.error.message : 'Please try again.'}
      />
    );
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
