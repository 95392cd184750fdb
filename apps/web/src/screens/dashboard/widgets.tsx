// The dashboards' building blocks: a widget card that shows its own loading, error (with a retry) and empty
// states, so one failing source never takes the page down; and the table behind every chart, read by screen
// readers (and shown to anyone on request) with the same numbers the chart draws.
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, RefreshCw, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';

/** Series colours of the charts (the theme's primary first). */
export const CHART_COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#64748b', '#db2777'];

export function Widget<T>({
  title,
  description,
  query,
  isEmpty,
  empty,
  testId,
  className,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  testId: string;
  className?: string;
  action?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const state = query.isPending ? 'loading' : query.isError ? 'error' : isEmpty?.(query.data as T) ? 'empty' : 'ready';
  return (
    <Card className={cn('min-w-0 gap-4', className)} data-testid={testId} data-state={state} aria-busy={state === 'loading'}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent>
        {state === 'loading' ? (
          <Skeleton className="h-40 w-full" />
        ) : state === 'error' ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
            data-testid="widget-error"
          >
            <span className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle className="size-4" /> This figure could not be loaded
            </span>
            <span className="text-muted-foreground">
              {query.error instanceof ApiError ? query.error.message : 'The server did not answer; try again.'}
            </span>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RefreshCw className="size-3.5" /> Try again
            </Button>
          </div>
        ) : state === 'empty' ? (
          <p className="py-6 text-center text-sm text-muted-foreground" data-testid="widget-empty">
            {empty ?? 'Nothing to show yet.'}
          </p>
        ) : (
          children(query.data as T)
        )}
      </CardContent>
    </Card>
  );
}

export type TableColumn<R> = { label: string; value: (row: R) => ReactNode; numeric?: boolean; className?: string };

/** The dashboards' one table of figures: a chart's numbers, a widget's rows by unit, a drill-down list. */
export function ChartTable<R>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden,
}: {
  columns: TableColumn<R>[];
  rows: R[];
  rowKey?: (row: R, index: number) => string | number;
  caption?: string;
  /** The caption for screen readers only. */
  captionHidden?: boolean;
}) {
  return (
    <Table>
      {caption !== undefined && <TableCaption className={captionHidden ? 'sr-only' : undefined}>{caption}</TableCaption>}
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.label} className={c.numeric ? 'text-right' : undefined}>
              {c.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={rowKey ? rowKey(r, i) : i}>
            {columns.map((c) => (
              <TableCell key={c.label} className={cn(c.numeric && 'text-right tabular-nums', c.className)}>
                {c.value(r)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The numbers of a chart as a table: always in the page for screen readers (visually hidden), shown to everyone
 * with the "Table" button. The chart itself is hidden from assistive technology.
 */
export function ChartWithTable<R>({
  caption,
  rows,
  columns,
  chart,
  height = 240,
}: {
  caption: string;
  rows: R[];
  columns: TableColumn<R>[];
  chart: ReactNode;
  height?: number;
}) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          aria-expanded={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          <Table2 className="size-3.5" /> {shown ? 'Chart' : 'Table'}
        </Button>
      </div>
      {!shown && (
        // Hidden from readers (the table below says the same) and out of the tab order: inert keeps the chart's
        // focusable parts from being reached while hidden.
        <div aria-hidden="true" inert style={{ height }} data-testid="chart">
          {chart}
        </div>
      )}
      <div id={id} className={shown ? 'max-h-80 overflow-auto' : 'sr-only'}>
        <ChartTable caption={caption} captionHidden={!shown} columns={columns} rows={rows} />
      </div>
    </div>
  );
}

/** A big number with its label. */
export function Stat({ label, value, testId, tone }: { label: string; value: ReactNode; testId?: string; tone?: 'warning' }) {
  return (
    <div className={cn('rounded-lg border px-3 py-2', tone === 'warning' ? 'border-amber-500/40 bg-amber-500/10' : 'bg-muted/40')}>
      <div className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
      <div className="text-xs text-muted-foreground">{label}</div>
    </div>
  );
}

/** 'YYYY-MM' → 'Nov 26'. */
export function shortMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return `${new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' })} ${String(y).slice(2)}`;
}
