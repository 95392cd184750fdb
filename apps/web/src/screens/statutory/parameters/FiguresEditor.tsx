// The figures of a new parameter row, edited in the shape of the row they start from (the one in force): plain
// figures as inputs, slabs and bands as a table whose lines can be added and removed (each with its "from", so a
// gap or an overlap is seen and named by the server), nested blocks under their heading. The form is the
// dialog's react-hook-form; every input is registered at its path (data.slabs.2.from), where the server's field
// errors land too.
import { Plus, Trash2 } from 'lucide-react';
import { Controller, get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { labelOf, unitOf } from './labels';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTable = (v: unknown): v is Obj[] => Array.isArray(v) && v.length > 0 && v.every(isObj);

/** The choices of the fields that take one of a few words. */
const CHOICES: Record<string, string[]> = {
  frequency: ['monthly', 'half-yearly', 'yearly'],
  basis: ['monthly', 'half-yearly', 'annual'],
  regime: ['new', 'old'],
  midMonthRule: ['nextMonth', 'wholeMonth', 'dayWeighted'],
};
/** The kinds whose month may be weighted by days (PF's ceiling and rates, the Labour Codes' wages); the others take a row whole. */
const DAY_WEIGHTED_KINDS = new Set(['pf', 'code_wages']);
const choicesOf = (name: string, kind?: string) =>
  name === 'midMonthRule' && kind && !DAY_WEIGHTED_KINDS.has(kind) ? CHOICES.midMonthRule.slice(0, 2) : CHOICES[name];

const SELECT_CLASS =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive';

/** '' → null (an open-ended band, no limit); a figure → its number; anything else as typed (the server names it). */
const toFigure = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : v;
};

function useError(path: string): string | undefined {
  const { errors } = useFormState();
  const e = get(errors, path) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' ? e.message : undefined;
}

function ErrorText({ path, className }: { path: string; className?: string }) {
  const message = useError(path);
  return message ? (
    <p className={cn('text-xs text-destructive', className)} role="alert">
      {message}
    </p>
  ) : null;
}

/** `kind`: the row's kind (which choices a field offers), given at the top. */
export function FiguresEditor({ path, value, parent, kind }: { path: string; value: Obj; parent?: string; kind?: string }) {
  const entries = Object.entries(value);
  const plain = entries.filter(([, v]) => !isObj(v) && !isTable(v));
  const blocks = entries.filter(([, v]) => isObj(v) || isTable(v));
  return (
    <div className="grid gap-4">
      {plain.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {plain.map(([k, v]) => (
            <div key={k} className="grid gap-1">
              <label htmlFor={`${path}.${k}`} className="text-sm font-medium">
                {labelOf(k)}
              </label>
              <Scalar path={`${path}.${k}`} name={k} sample={v} parent={parent} choices={choicesOf(k, kind)} />
              <ErrorText path={`${path}.${k}`} />
            </div>
          ))}
        </div>
      )}
      {blocks.map(([k, v]) => (
        <fieldset key={k} className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{labelOf(k)}</legend>
          {isTable(v) ? <Lines path={`${path}.${k}`} sample={v} /> : <FiguresEditor path={`${path}.${k}`} value={v as Obj} parent={k} />}
          <ErrorText path={`${path}.${k}`} />
        </fieldset>
      ))}
    </div>
  );
}

/** One figure: a number, a word from a few, a date, yes or no, a list of numbers or words. */
function Scalar({
  path,
  name,
  sample,
  parent,
  choices = CHOICES[name],
}: {
  path: string;
  name: string;
  sample: unknown;
  parent?: string;
  choices?: string[];
}) {
  const { register, control } = useFormContext();
  const invalid = !!useError(path);
  const unit = unitOf(name, sample, parent);
  if (typeof sample === 'boolean') {
    return <input id={path} type="checkbox" className="size-4 justify-self-start" {...register(path)} />;
  }
  if (Array.isArray(sample)) {
    // Month numbers or section names, written with commas.
    return (
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <Input
            id={path}
            aria-invalid={invalid || undefined}
            value={Array.isArray(field.value) ? field.value.join(', ') : (field.value ?? '')}
            onChange={(e) => {
              const parts = e.target.value.split(',').map((s) => s.trim());
              const numbers = sample.every((x) => typeof x === 'number');
              field.onChange(parts.filter(Boolean).map((p) => (numbers && Number.isFinite(Number(p)) ? Number(p) : p)));
            }}
            placeholder={unit === 'months' ? 'Month numbers, e.g. 4, 10' : 'Separated by commas'}
          />
        )}
      />
    );
  }
  if (choices) {
    return (
      <select id={path} className={SELECT_CLASS} aria-invalid={invalid || undefined} {...register(path)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  }
  if (unit === 'date') return <DateInput id={path} aria-invalid={invalid || undefined} {...register(path)} />;
  if (typeof sample === 'string') return <Input id={path} aria-invalid={invalid || undefined} {...register(path)} />;
  return (
    <div className="relative">
      <Input
        id={path}
        inputMode="decimal"
        aria-invalid={invalid || undefined}
        className={cn(unit === 'rupees' && 'pl-6', unit === 'percent' && 'pr-7')}
        placeholder={sample === null || name === 'upTo' ? 'No limit' : undefined}
        {...register(path, { setValueAs: toFigure })}
      />
      {unit === 'rupees' && <span className="pointer-events-none absolute top-2 left-2.5 text-sm text-muted-foreground">₹</span>}
      {unit === 'percent' && <span className="pointer-events-none absolute top-2 right-2.5 text-sm text-muted-foreground">%</span>}
    </div>
  );
}

/** Slabs, bands or like lines: a table (lines of plain figures) or a block each (lines holding lists of their own). */
function Lines({ path, sample }: { path: string; sample: Obj[] }) {
  const { fields, append, remove } = useFieldArray({ name: path });
  const keys = [...new Set(sample.flatMap((r) => Object.keys(r)))];
  const nested = sample.some((r) => Object.values(r).some((v) => isTable(v)));
  const blank = () => Object.fromEntries(keys.map((k) => [k, k === 'months' ? undefined : isTable(sample[0][k]) ? sample[0][k] : null]));
  const add = (
    <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => append(blank())}>
      <Plus /> Add a line
    </Button>
  );
  const removeButton = (i: number) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={`Remove line ${i + 1}`}
      onClick={() => remove(i)}
      disabled={fields.length < 2}
    >
      <Trash2 />
    </Button>
  );
  if (nested) {
    return (
      <div className="grid gap-3">
        {fields.map((f, i) => (
          <div key={f.id} className="grid gap-2 rounded-md border border-dashed p-3">
            <div className="flex justify-end">{removeButton(i)}</div>
            <FiguresEditor path={`${path}.${i}`} value={sample[Math.min(i, sample.length - 1)]} />
          </div>
        ))}
        {add}
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              {keys.map((k) => (
                <TableHead key={k}>{labelOf(k)}</TableHead>
              ))}
              <TableHead>
                <span className="sr-only">Remove</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((f, i) => (
              <TableRow key={f.id} data-testid="band-line">
                {keys.map((k) => (
                  <TableCell key={k} className="min-w-28 align-top">
                    {k === 'months' ? (
                      <MonthAmounts path={`${path}.${i}.months`} />
                    ) : (
                      <Scalar path={`${path}.${i}.${k}`} name={k} sample={sample[0][k] ?? 0} />
                    )}
                    <ErrorText path={`${path}.${i}.${k}`} className="mt-1 max-w-56 whitespace-normal" />
                  </TableCell>
                ))}
                <TableCell className="w-10 align-top">{removeButton(i)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {add}
    </div>
  );
}

/** A slab's amounts in some months, written '2: 300' (February ₹300). */
function MonthAmounts({ path }: { path: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <Input
          aria-label="Amounts in some months"
          placeholder="e.g. 2: 300"
          defaultValue={
            isObj(field.value)
              ? Object.entries(field.value)
                  .map(([m, v]) => `${m}: ${v}`)
                  .join(', ')
              : ''
          }
          onChange={(e) => {
            const pairs = e.target.value
              .split(',')
              .map((s) => s.split(':').map((x) => x.trim()))
              .filter(([m, v]) => m && v !== undefined && v !== '');
            field.onChange(pairs.length ? Object.fromEntries(pairs.map(([m, v]) => [m, Number(v)])) : undefined);
          }}
        />
      )}
    />
  );
}
