import { usePendingRequests } from '@/lib/loading';
import { Spinner } from '../ui/spinner';

/** Full-screen spinner 'Loading ....' (size 30) while any non-bypass request is pending (spec). */
export function GlobalSpinner() {
  const pending = usePendingRequests();
  if (pending <= 0) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="global-spinner"
      className="fixed inset-0 z-[90] flex items-center justify-center bg-background/40 backdrop-blur-[1px]"
    >
      <div className="flex items-center gap-3 rounded-lg border bg-card px-5 py-3 text-sm font-medium shadow-lg">
        <Spinner size={30} className="text-primary" />
        <span>Loading ....</span>
      </div>
    </div>
  );
}
