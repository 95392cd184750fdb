import type { TRosterImportResult } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { XlsxFileInput } from '@/components/common/XlsxFileInput';
import { Button } from '@/components/ui/button';
import { type ApiError, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';
import { uploadProblemLines } from '@/lib/upload-problems';
import { useAction } from '@/lib/useAction';
import { attendanceKeys } from './api';

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
      onError: (e) => onProblems(uploadProblemLines(e as ApiError)),
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
      <XlsxFileInput
        variant="outline"
        disabled={busy !== null || !query}
        title={why}
        onFile={(f) => void upload(f)}
        data-testid="roster-upload"
        inputTestId="roster-file"
      >
        <Upload /> {busy === 'upload' ? `Uploading… ${Math.round(progress * 100)}%` : 'Upload roster'}
      </XlsxFileInput>
    </>
  );
}
