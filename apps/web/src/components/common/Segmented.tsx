import { cn } from '@/lib/utils';

/** A segmented choice of two or three options (native radios underneath, for the keyboard and screen readers). */
export function Segmented<T extends string>({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: T;
  onChange: (v: T) => void;
  options: { value: T; label: string }[];
}) {
  return (
    <div className="inline-flex w-fit rounded-md border p-0.5" role="radiogroup">
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'cursor-pointer rounded px-3 py-1.5 text-sm',
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
