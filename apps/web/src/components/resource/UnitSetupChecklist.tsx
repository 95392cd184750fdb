// The unit set-up checklist on a unit's page (issue 28): what the unit still lacks before attendance and payroll
// work for it, each line with a link to the screen that sets it (GET /api/masters/units/{id}/setup).
import type { TUnitSetup } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronRight, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/common/LoadError';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { cn } from '@/lib/utils';

export function UnitSetupChecklist({ unitId }: { unitId: number }) {
  const setup = useQuery({
    queryKey: ['unit-setup', unitId],
    queryFn: ({ signal }) => api.get<TUnitSetup>(apiPath('/api/masters/units/:id/setup', { id: unitId }), undefined, { signal }),
  });
  const items = setup.data?.items ?? [];
  const left = items.filter((i) => !i.done).length;
  return (
    <Card className="mt-6" data-testid="unit-setup">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Unit set-up</h2>
        </CardTitle>
        <CardDescription>
          {setup.data ? (left === 0 ? 'Everything this unit needs is in place.' : `${left} of ${items.length} still to do.`) : ' '}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setup.isLoading && <Skeleton className="h-40 w-full" />}
        <LoadError what="The unit's set-up" show={setup.isError && !setup.data} />
        <ul className="divide-y rounded-md border">
          {items.map((i) => (
            <li key={i.key} data-testid="unit-setup-item" data-key={i.key} data-done={i.done}>
              <Link to={i.link} className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-accent">
                {i.done ? (
                  <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  <CircleDashed className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">
                    {i.label}
                    <span className="sr-only">{i.done ? ': done' : ': still to do'}</span>
                  </span>
                  <span className={cn('block text-xs', i.done ? 'text-muted-foreground' : 'text-amber-800 dark:text-amber-300')}>
                    {i.detail}
                  </span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
