import type { TRunEmployee } from '@hr/contract';
import { ArrowDown, ArrowUp, ArrowUpDown, Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PaginationBar, useDebounced } from '@/components/data-table';
import { nextSort, type SortState } from '@/components/data-table/sort';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EmptyState } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatAmount, formatCount } from '@/lib/format';
import { formatYearMonth } from '@/lib/months';
import { cn } from '@/lib/utils';
import { RunSlipDialog } from './RunSlipDialog';
import { change, changeShare, collator, isBigChange, SORT_VALUE, type SortKey, sumRupees } from './run-employee-figures';

const days = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function ArrearsCell({ arrears }: { arrears: TRunEmployee['arrears'] }) {
  if (arrears.length === 0) return <span className="text-muted-foreground">—</span>;
  const total = sumRupees(arrears.map((a) => a.amount));
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="rounded px-1 font-medium tabular-nums text-primary underline decoration-dotted underline-offset-4"
          data-testid="run-arrears"
        >
          {formatAmount(total)}
        </button>
      </TooltipTrigger>
      <TooltipContent side="left" className="text-left">
        <div className="mb-1 font-medium">Arrears paid in this run</div>
        <table className="tabular-nums">
          <tbody>
            {arrears.map((a, i) => (
              <tr key={`${a.month}-${a.kind ?? 'structure'}-${i}`}>
                <td className="pr-4">
                  {formatYearMonth(a.month)}
                  {a.kind === 'pf' && (
                    <span className="ml-1 text-muted-foreground">PF arrears, employee share {a.amount > 0 ? 'refund' : 'recovery'}</span>
                  )}
                  {a.kind === 'lop' && (
                    <span className="ml-1 text-muted-foreground">
                      loss-of-pay {(a.days ?? a.amount) >= 0 ? 'reversal' : 'recovery'}
                      {a.days ? ` (${days(Math.abs(a.days))} day${Math.abs(a.days) === 1 ? '' : 's'})` : ''}
                    </span>
                  )}
                </td>
                <td className="text-right">₹{formatAmount(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TooltipContent>
    </Tooltip>
  );
}

/** The rows that match the search (and the flag filter), sorted. */
function useShownRows(rows: TRunEmployee[], q: string, onlyChanges: boolean, sort: SortState) {
  return useMemo(() => {
    const matched = rows.filter(
      (r) =>
        (!onlyChanges || isBigChange(r)) &&
        (!q ||
          r.employeeCode.toLowerCase().includes(q) ||
          r.name.toLowerCase().includes(q) ||
          r.designationName.toLowerCase().includes(q) ||
          r.departmentName.toLowerCase().includes(q)),
    );
    if (!sort) return matched;
    const value = SORT_VALUE[sort.id as SortKey];
    const dir = sort.desc ? -1 : 1;
    return [...matched].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const c = typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : (x as number) - (y as number);
      return c * dir;
    });
  }, [rows, q, onlyChanges, sort]);
}

/** A sortable column's heading: a click sorts by it (ascending, descending, back). */
function SortHead({
  id,
  label,
  right = false,
  sort,
  onSort,
}: {
  id: SortKey;
  label: string;
  right?: boolean;
  sort: SortState;
  onSort: (id: SortKey) => void;
}) {
  const sorted = sort?.id === id ? (sort.desc ? 'desc' : 'asc') : false;
  return (
    <TableHead className={right ? 'text-right' : undefined} aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 hover:text-foreground', right && 'flex-row-reverse')}
        onClick={() => onSort(id)}
      >
        {label}
        {sorted === 'asc' ? (
          <ArrowUp className="size-3.5" />
        ) : sorted === 'desc' ? (
          <ArrowDown className="size-3.5" />
        ) : (
          <ArrowUpDown className="size-3.5 opacity-40" />
        )}
      </button>
    </TableHead>
  );
}

/** The change of net pay from last month's: the amount and its share ('new' without a previous month). */
function ChangeCell({ r, big }: { r: TRunEmployee; big: boolean }) {
  const c = change(r);
  const share = changeShare(r);
  return (
    <TableCell className={cn('text-right tabular-nums', big && 'font-semibold text-amber-700 dark:text-amber-300')}>
      {c === null ? (
        <span className="text-muted-foreground">new</span>
      ) : (
        <>
          <div>
            {c > 0 ? '+' : c < 0 ? '−' : ''}
            {formatAmount(Math.abs(c))}
          </div>
          {share !== null && Number.isFinite(share) && share !== 0 && (
            <div className="text-xs">
              {share > 0 ? '+' : '−'}
              {Math.abs(share * 100).toFixed(1)} %
            </div>
          )}
        </>
      )}
    </TableCell>
  );
}

/** One employee's line of the run (highlighted when the net moved by more than 10 %); the name opens the slip. */
function RunEmployeeRow({ r, onSlip }: { r: TRunEmployee; onSlip: ((r: TRunEmployee) => void) | undefined }) {
  const big = isBigChange(r);
  return (
    <TableRow
      data-testid="run-employee-row"
      data-flagged={big || undefined}
      className={cn(big && 'bg-amber-50 hover:bg-amber-100/70 dark:bg-amber-950/40 dark:hover:bg-amber-950/60')}
    >
      <TableCell className="font-mono text-xs">{r.employeeCode}</TableCell>
      <TableCell className="max-w-48">
        {onSlip === undefined ? (
          <div className="truncate font-medium">{r.name}</div>
        ) : (
          <button
            type="button"
            className="block max-w-full truncate text-left font-medium text-primary underline-offset-2 hover:underline"
            title="Each earning and deduction head of the slip"
            onClick={() => onSlip(r)}
            data-testid="run-employee-slip"
          >
            {r.name}
          </button>
        )}
        <div className="truncate text-xs text-muted-foreground" title={`${r.designationName} · ${r.departmentName}`}>
          {r.designationName} · {r.departmentName}
        </div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{days(r.payableDays)}</TableCell>
      <TableCell className={cn('text-right tabular-nums', r.lwopDays > 0 ? 'text-destructive' : 'text-muted-foreground')}>
        {days(r.lwopDays)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatAmount(r.gross)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatAmount(r.deductions)}</TableCell>
      <TableCell className="text-right font-medium tabular-nums">{formatAmount(r.net)}</TableCell>
      <TableCell className="text-right tabular-nums text-muted-foreground">
        {r.previousNet === null ? '—' : formatAmount(r.previousNet)}
      </TableCell>
      <ChangeCell r={r} big={big} />
      <TableCell className="text-right">
        <ArrearsCell arrears={r.arrears} />
      </TableCell>
    </TableRow>
  );
}

/** The totals of the rows shown (of all the run's rows when filtered). */
function RunTotals({ shown, all }: { shown: TRunEmployee[]; all: number }) {
  const totals = useMemo(
    () => ({
      gross: sumRupees(shown.map((r) => r.gross)),
      deductions: sumRupees(shown.map((r) => r.deductions)),
      net: sumRupees(shown.map((r) => r.net)),
      previous: sumRupees(shown.map((r) => r.previousNet ?? 0)),
      arrears: sumRupees(shown.flatMap((r) => r.arrears.map((a) => a.amount))),
    }),
    [shown],
  );
  return (
    <TableFooter>
      <TableRow className="hover:bg-transparent" data-testid="run-totals">
        <TableCell colSpan={4}>
          Total of {formatCount(shown.length)} employee{shown.length === 1 ? '' : 's'}
          {shown.length !== all ? ` (of ${formatCount(all)})` : ''}
        </TableCell>
        <TableCell className="text-right tabular-nums">{formatAmount(totals.gross)}</TableCell>
        <TableCell className="text-right tabular-nums">{formatAmount(totals.deductions)}</TableCell>
        <TableCell className="text-right tabular-nums">{formatAmount(totals.net)}</TableCell>
        <TableCell className="text-right tabular-nums">{formatAmount(totals.previous)}</TableCell>
        <TableCell />
        <TableCell className="text-right tabular-nums">{totals.arrears ? formatAmount(totals.arrears) : ''}</TableCell>
      </TableRow>
    </TableFooter>
  );
}

/** The search, the flag filter (with how many are flagged) and the highlight's legend. */
function RunToolbar(props: {
  search: string;
  onSearch: (v: string) => void;
  onlyChanges: boolean;
  onOnlyChanges: (v: boolean) => void;
  flagged: number;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-64 flex-1">
        <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          className="pl-8"
          placeholder="Search code, name, designation or department"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          data-testid="run-employee-search"
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="only-changes" checked={props.onlyChanges} onCheckedChange={(v) => props.onOnlyChanges(v === true)} />
        <Label htmlFor="only-changes" className="font-normal">
          Only net changes above 10 % ({formatCount(props.flagged)})
        </Label>
      </div>
      <div className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="change-legend">
        <span className="inline-block size-3 rounded-sm border border-amber-300 bg-amber-100 dark:border-amber-700 dark:bg-amber-950" />
        Net pay differs from last month's by more than 10 %
      </div>
    </div>
  );
}

/** Skeleton lines while the run loads. */
function LoadingRows() {
  return [0, 1, 2, 3, 4].map((i) => (
    <TableRow key={i}>
      <TableCell colSpan={10}>
        <Skeleton className="h-5 w-full" />
      </TableCell>
    </TableRow>
  ));
}

/** No row to show: the run has none yet, or none matches. */
function NoRows({ runEmpty }: { runEmpty: boolean }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={10} className="py-8">
        <EmptyState
          className="border-0 p-0"
          icon={<Users />}
          title={runEmpty ? 'No employee in this run yet' : 'No employee matches'}
          description={runEmpty ? 'Process the run to compute the salary of the unit’s employees.' : 'Change the search or the filter.'}
        />
      </TableCell>
    </TableRow>
  );
}

/** The run's employee lines: search and sort in the browser, rows whose net moved by more than 10 % highlighted, totals. */
export function RunEmployeesTable({ rows, loading, runId }: { rows: TRunEmployee[]; loading: boolean; runId?: number }) {
  const [slipOf, setSlipOf] = useState<TRunEmployee | null>(null);
  const [search, setSearch] = useState('');
  const [onlyChanges, setOnlyChanges] = useState(false);
  const [sort, setSort] = useState<SortState>({ id: 'code', desc: false });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const q = useDebounced(search.trim().toLowerCase(), 150);

  const flagged = useMemo(() => rows.filter(isBigChange).length, [rows]);
  const shown = useShownRows(rows, q, onlyChanges, sort);

  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);
  const pageRows = shown.slice((current - 1) * pageSize, current * pageSize);

  const onSort = (id: SortKey) => {
    setSort((s) => nextSort(s, id, false));
    setPage(1);
  };
  const head = (id: SortKey, label: string, right = false) => <SortHead id={id} label={label} right={right} sort={sort} onSort={onSort} />;

  return (
    <div className="space-y-3">
      <RunToolbar
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        onlyChanges={onlyChanges}
        onOnlyChanges={(v) => {
          setOnlyChanges(v);
          setPage(1);
        }}
        flagged={flagged}
      />

      <div className="overflow-hidden rounded-lg border bg-card">
        {/* Compact cells: ten columns fit a 1366 px screen beside the sidebar. */}
        <Table className="[&_td]:px-2 [&_th]:px-2">
          <TableHeader>
            <TableRow>
              {head('code', 'Code')}
              {head('name', 'Employee · designation')}
              {head('payable', 'Payable days', true)}
              {head('lwop', 'LWOP', true)}
              {head('gross', 'Gross', true)}
              {head('deductions', 'Deductions', true)}
              {head('net', 'Net pay', true)}
              {head('previous', 'Previous net', true)}
              {head('change', 'Change', true)}
              <TableHead className="text-right normal-case">Arrears</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading && rows.length === 0 && <LoadingRows />}
            {pageRows.map((r) => (
              <RunEmployeeRow key={r.employeeId} r={r} onSlip={runId === undefined ? undefined : setSlipOf} />
            ))}
            {!loading && shown.length === 0 && <NoRows runEmpty={rows.length === 0} />}
          </TableBody>
          {shown.length > 0 && <RunTotals shown={shown} all={rows.length} />}
        </Table>
      </div>
      {shown.length > 0 ? (
        <PaginationBar
          page={current}
          pages={pages}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      ) : null}
      {runId !== undefined && <RunSlipDialog runId={runId} employee={slipOf} onClose={() => setSlipOf(null)} />}
    </div>
  );
}
