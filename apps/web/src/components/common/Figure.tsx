import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A label and a figure in a header strip. */
export function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</div>
    </div>
  );
}
