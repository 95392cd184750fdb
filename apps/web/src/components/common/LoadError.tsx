import { AlertTriangle } from 'lucide-react';

/** The page's line for a list that could not be loaded (the toast has said why). */
export function LoadError({ what, show }: { what: string; show: boolean }) {
  if (!show) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-destructive" role="alert">
      <AlertTriangle className="size-4" /> {what} could not be loaded.
    </p>
  );
}
