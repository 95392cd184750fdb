import type { TReportColumn } from '@hr/contract';
import { Columns3, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TExportFormat } from '../api';
import { selectClass } from './FilterBar';

const PAGE_SIZES = [25, 50, 100, 250];

/** Which columns are shown. */
export function ColumnChooser({
  columns,
  hidden,
  toggle,
}: {
  columns: TReportColumn[];
  hidden: Set<string>;
  toggle: (key: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 className="size-4" /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownMenuLabel>Columns shown</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.key}
            checked={!hidden.has(c.key)}
            onCheckedChange={() => toggle(c.key)}
            onSelect={(e) => e.preventDefault()}
          >
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
/** Export to Excel and to PDF. */
export function ExportButtons({ disabled, onExport }: { disabled: boolean; onExport: (format: TExportFormat) => void }) {
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => onExport('xlsx')}>
        <FileSpreadsheet className="size-4" /> Export to Excel
      </Button>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => onExport('pdf')}>
        <FileText className="size-4" /> Export to PDF
      </Button>
    </>
  );
}

/** Rows per page, and the previous and next pages. */
export function Pager(p: {
  page: number;
  shownPage: number;
  pages: number;
  pageSize: number;
  onPageSize: (n: number) => void;
  onPage: (step: number) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <div className="flex items-center gap-2">
        Rows per page
        <select
          aria-label="Rows per page"
          className={selectClass}
          value={p.pageSize}
          onChange={(e) => p.onPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={p.page <= 1} onClick={() => p.onPage(-1)}>
          Previous
        </Button>
        <span>
          Page {p.shownPage} of {p.pages}
        </span>
        <Button variant="outline" size="sm" disabled={p.page >= p.pages} onClick={() => p.onPage(1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
