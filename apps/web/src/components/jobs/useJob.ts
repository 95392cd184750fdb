import { isJobFinished, type TJob } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

/** Follows a background job: polls GET /api/jobs/{id} every 500 ms until it has finished. */
export function useJob(jobId: number | null) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: ({ signal }) => api.get<TJob>(apiPath('/api/jobs/:id', { id: jobId! }), undefined, { signal, bypass_log: true }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && isJobFinished(q.state.data.state) ? false : 500),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}

/** Asks the server to stop a job (where the job allows it). */
export function cancelJob(jobId: number): Promise<TJob> {
  return api.post<TJob>(apiPath('/api/jobs/:id/cancel', { id: jobId }));
}
