import { cn } from '@/lib/utils';

/** A segmented choice of two or three options (native radios underneath, for the keyboard and screen readers). */
export function Segmented<T extends string>({
  name,
  value,
  onChange,
  options,
  disabled,
}: {
  name: string;
  value: T;
  onChange: (v: T) => void;
  options: { value: T; label: string }[];
  disabled?: boolean;
}) {
  return (
    <div
      className={cn('inline-flex w-fit rounded-md border p-0.5', disabled && 'opacity-60')}
      role="radiogroup"
      aria-disabled={disabled || undefined}
    >
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'rounded px-3 py-1.5 text-sm',
            disabled ? 'cursor-not-allowed' : 'cursor-pointer',
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
