// The app's one progress bar (an upload's, a job's): a thin track, filled to `percent`; without a percent (a job that
// has not said how far it is) a pulsing third. Screen readers hear it as a progress bar with its label.
export function ProgressBar({ percent, label }: { percent: number | undefined; label: string }) {
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <div
        className={`h-full bg-primary transition-all ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
        style={percent === undefined ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
