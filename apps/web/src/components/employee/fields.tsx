import type * as React from 'react';
import type { OptionScope } from '@/components/resource/api';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[] | undefined>;
/** What a group of fields gets from its form: the values, their errors, the change handler, whether it is read-only. */
export type FP = { values: Values; errors: Errors; onChange: (n: string, v: unknown) => void; disabled: boolean };

const SELECT_CLASS =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30';

export interface FieldProps {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  onChange: (name: string, value: unknown) => void;
  required?: boolean;
  disabled?: boolean;
  hint?: React.ReactNode;
  className?: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function TextField({
  type = 'text',
  placeholder,
  upper,
  ...p
}: FieldProps & { type?: string; placeholder?: string; upper?: boolean }) {
  const id = `f-${p.name}`;
  return (
    <FormField label={p.label} htmlFor={id} error={p.errors[p.name]} required={p.required} hint={p.hint} className={p.className}>
      {type === 'date' ? (
        <DateInput
          id={id}
          name={p.name}
          value={str(p.values[p.name])}
          disabled={p.disabled}
          aria-invalid={p.errors[p.name] ? true : undefined}
          onChange={(e) => p.onChange(p.name, e.target.value)}
        />
      ) : (
        <Input
          id={id}
          name={p.name}
          type={type}
          placeholder={placeholder}
          value={str(p.values[p.name])}
          disabled={p.disabled}
          aria-invalid={p.errors[p.name] ? true : undefined}
          className={upper ? 'uppercase' : undefined}
          onChange={(e) => p.onChange(p.name, e.target.value)}
        />
      )}
    </FormField>
  );
}

export function SelectField({
  options,
  numeric = true,
  placeholder = 'Select…',
  ...p
}: FieldProps & { options: { id: number | string; name: string }[]; numeric?: boolean; placeholder?: string }) {
  const id = `f-${p.name}`;
  return (
    <FormField label={p.label} htmlFor={id} error={p.errors[p.name]} required={p.required} hint={p.hint} className={p.className}>
      <select
        id={id}
        name={p.name}
        className={SELECT_CLASS}
        value={str(p.values[p.name])}
        disabled={p.disabled}
        aria-invalid={p.errors[p.name] ? true : undefined}
        onChange={(e) => p.onChange(p.name, e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * A choice from a master resource, searched on the server as the user types (look-up lists of any size:
 * ten thousand cities are all reachable). `scope` narrows it (the cities of the chosen state).
 */
export function LookupField({
  resource,
  scope,
  placeholder,
  ...p
}: FieldProps & { resource: string; scope?: OptionScope; placeholder?: string }) {
  const id = `f-${p.name}`;
  const value = p.values[p.name];
  return (
    <FormField label={p.label} htmlFor={id} error={p.errors[p.name]} required={p.required} hint={p.hint} className={p.className}>
      <ReferenceSelect
        id={id}
        resource={resource}
        scope={scope}
        placeholder={placeholder}
        value={typeof value === 'number' ? value : null}
        invalid={!!p.errors[p.name]}
        disabled={p.disabled}
        data-testid={id}
        onChange={(v) => p.onChange(p.name, v)}
      />
    </FormField>
  );
}

export function CheckField(p: FieldProps) {
  return (
    <label className={cn('flex items-center gap-2 pt-6 text-sm', p.className)}>
      <input
        type="checkbox"
        name={p.name}
        className="size-4 accent-primary"
        checked={p.values[p.name] === true}
        disabled={p.disabled}
        onChange={(e) => p.onChange(p.name, e.target.checked)}
      />
      {p.label}
    </label>
  );
}

/** A titled group of fields in a responsive grid. */
export function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border bg-card p-5">
      <div className="mb-4">
        <h3 className="font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
}

/** Read-only label / value pairs. */
export function InfoGrid({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-xs uppercase tracking-wide text-muted-foreground">{k}</dt>
          <dd className="truncate text-sm font-medium">{v === null || v === undefined || v === '' ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}
