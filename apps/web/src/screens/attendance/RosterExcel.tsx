import type { TRosterImportResult } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type ApiError, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { attendanceKeys } from './api';

/** An upload's 400 as a list: 'row N' keys are sheet rows; other keys (the file) their messages. */
function uploadProblems(e: ApiError): string[] {
  const rowOf = (k: string) => Number(/\d+/.exec(k)?.[0] ?? 0);
  const entries = Object.entries(e.fieldErrors ?? {}).sort(([a], [b]) => rowOf(a) - rowOf(b));
  if (entries.length === 0) return [e.message];
  return entries.flatMap(([k, messages]) => messages.map((m) => (/^row \d+$/.test(k) ? `Row ${rowOf(k)}: ${m}` : m)));
}

/**
 * The month's roster as Excel for one unit: download the template (current shift codes, WO for weekly offs) and
 * upload it filled; all rows are saved or none, and the rows' problems are listed above the grid.
 */
export function RosterExcel({
  unitId,
  year,
  month,
  onProblems,
}: {
  unitId: number | null;
  year: number;
  month: number;
  onProblems: (problems: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const query = unitId === null ? null : { unitId, year, month };
  const why = unitId === null ? 'Choose a unit first' : undefined;

  const templateAction = useAction((q: { unitId: number; year: number; month: number }) =>
    downloadFile(
      apiPath('/api/attendance/roster/template'),
      `Roster_${q.year}_${String(q.month).padStart(2, '0')}_Unit_${q.unitId}.xlsx`,
      q,
    ),
  );
  const uploadAction = useAction(
    (q: { unitId: number; year: number; month: number }, f: File) => {
      setProgress(0);
      onProblems([]);
      return uploadFile<TRosterImportResult>(withQuery(apiPath('/api/attendance/roster/import'), q), f, setProgress);
    },
    {
      success: (res) => {
        const n = res?.count ?? 0;
        return {
          title: `Roster of ${formatCount(n)} employee${n === 1 ? '' : 's'} saved`,
          description: res?.recomputedDays ? `${formatCount(res.recomputedDays)} past days worked out again.` : undefined,
        };
      },
      onDone: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
      onError: (e) => onProblems(uploadProblems(e as ApiError)),
    },
  );
  const busy = templateAction.busy ? 'template' : uploadAction.busy ? 'upload' : null;

  const template = async () => {
    if (!query) return;
    await templateAction.run(query);
  };
  const upload = async (f: File) => {
    if (!query) return;
    await uploadAction.run(query, f);
  };

  return (
    <>
      <Button
        variant="outline"
        disabled={busy !== null || !query}
        title={why}
        onClick={() => void template()}
        data-testid="roster-template"
      >
        <Download /> {busy === 'template' ? 'Downloading…' : 'Download roster template'}
      </Button>
      <Button
        variant="outline"
        disabled={busy !== null || !query}
        title={why}
        onClick={() => file.current?.click()}
        data-testid="roster-upload"
      >
        <Upload /> {busy === 'upload' ? `Uploading… ${Math.round(progress * 100)}%` : 'Upload roster'}
      </Button>
      <input
        ref={file}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="hidden"
        data-testid="roster-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f);
        }}
      />
    </>
  );
}
