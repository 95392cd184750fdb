// The report framework from the browser: the reports the user may see, a report's description, a page of it,
// and its export (the file itself, or a job to follow when the export is large).
import type { TReportMeta, TReportResult } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { saveBlob } from '@/lib/files';

export type { TReportMeta, TReportResult };
export type TReportValues = Record<string, QueryValue>;
export type TExportFormat = 'xlsx' | 'pdf';

const quiet = (signal?: AbortSignal) => ({ signal, bypass_log: true });

/** The query without empty values (an empty filter is no filter). */
export function clean(values: TReportValues): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '' && !Array.isArray(v)) out[k] = v;
  return out;
}

export const reportKeys = {
  all: ['reports'] as const,
  list: (kind?: string) => ['reports', 'list', kind ?? 'all'] as const,
  meta: (id: string) => ['reports', 'meta', id] as const,
  run: (id: string, q: Record<string, unknown>) => ['reports', 'run', id, q] as const,
};

export function useReports(kind?: TReportMeta['kind']) {
  return useQuery({
    queryKey: reportKeys.list(kind),
    queryFn: ({ signal }) => api.get<TReportMeta[]>(apiPath('/api/reports'), kind ? { kind } : undefined, quiet(signal)),
  });
}

export function useReportMeta(id: string) {
  return useQuery({
    queryKey: reportKeys.meta(id),
    queryFn: ({ signal }) => api.get<TReportMeta>(apiPath('/api/reports/:id', { id }), undefined, quiet(signal)),
    retry: false,
  });
}

export function useReportRun(id: string, values: TReportValues, enabled: boolean) {
  const q = clean(values);
  return useQuery({
    queryKey: reportKeys.run(id, q),
    queryFn: ({ signal }) => api.get<TReportResult>(apiPath('/api/reports/:id/run', { id }), q, { ...quiet(signal), silent: true }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Exports the report with the screen's filters, sort and grouping: a small export downloads at once (`null`),
 * a large one answers 202 with the job to follow (its id).
 */
export async function exportReport(id: string, values: TReportValues, format: TExportFormat, fileName: string): Promise<number | null> {
  const { page: _p, pageSize: _s, ...rest } = values;
  const blob = await api.get<Blob>(apiPath('/api/reports/:id/export', { id }), clean({ ...rest, format }), { responseType: 'blob' });
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { jobId?: number };
    if (typeof body.jobId === 'number') return body.jobId;
  }
  saveBlob(blob, fileName);
  return null;
}
