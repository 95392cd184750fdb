import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, type TField, type TResource } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ImageUp, Save, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { type Control, Controller, type FieldValues, type UseFormRegister, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { api } from '@/lib/api';
import { serverErrors } from '@/lib/form';
import { cn } from '@/lib/utils';
import { type Row, resourceUrl } from './api';
import { ReferenceSelect } from './ReferenceSelect';
import { emptyValues, rowValues } from './values';

function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface ResourceFormProps {
  resource: TResource;
  /** The record being edited; absent for a new one. */
  row?: Row | null;
  onSaved: (row: Row) => void;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Values to start a new record with (e.g. the unit a mapping screen is on). */
  initial?: FieldValues;
}

type TInputProps = { name: string; def: TField; invalid: boolean; control: Control<FieldValues>; register: UseFormRegister<FieldValues> };

/** An image field: the picture (or a placeholder), a file input that reads it as a data URL, and Remove. */
function ImageInput({ name, control }: { name: string; control: Control<FieldValues> }) {
  const id = `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3">
          {field.value ? (
            <img src={String(field.value)} alt="" className="size-14 rounded border object-contain" />
          ) : (
            <div className="flex size-14 items-center justify-center rounded border text-muted-foreground">
              <ImageUp className="size-5" />
            </div>
          )}
          <Input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="max-w-64"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) field.onChange(await readImage(file));
            }}
          />
          {field.value ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => field.onChange('')}>
              Remove
            </Button>
          ) : null}
        </div>
      )}
    />
  );
}

/** A select field: one of another resource's records, or one of the field's own options. */
function SelectInput({ name, def, invalid, control, register }: TInputProps) {
  const id = `field-${name}`;
  if (def.reference) {
    const ref = def.reference;
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ReferenceSelect
            id={id}
            resource={ref}
            value={field.value as number | null}
            onChange={(v) => field.onChange(v)}
            invalid={invalid}
            data-testid={id}
          />
        )}
      />
    );
  }
  return (
    <select
      id={id}
      {...register(name)}
      aria-invalid={invalid || undefined}
      data-testid={id}
      className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs aria-invalid:border-destructive dark:bg-input/30"
    >
      <option value="">Select…</option>
      {def.options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The input of one field of the resource, by its kind. */
function ResourceInput(props: TInputProps) {
  const { name, def, invalid, control, register } = props;
  const id = `field-${name}`;
  switch (def.kind) {
    case 'boolean':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <div className="flex h-9 items-center">
              <Switch id={id} checked={!!field.value} onCheckedChange={field.onChange} data-testid={id} />
            </div>
          )}
        />
      );
    case 'select':
      return <SelectInput {...props} />;
    case 'multiselect': {
      const ref = def.reference ?? '';
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <ReferenceSelect
              id={id}
              multiple
              resource={ref}
              value={(field.value as number[]) ?? []}
              onChange={(v) => field.onChange(v)}
              placeholder="All"
              invalid={invalid}
              data-testid={id}
            />
          )}
        />
      );
    }
    case 'textarea':
      return <Textarea id={id} rows={3} {...register(name)} aria-invalid={invalid || undefined} data-testid={id} />;
    case 'image':
      return <ImageInput name={name} control={control} />;
    case 'number':
      return def.decimal ? (
        <Input id={id} inputMode="decimal" {...register(name)} aria-invalid={invalid || undefined} data-testid={id} />
      ) : (
        <Input
          id={id}
          type="number"
          step={1}
          {...register(name, { setValueAs: (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)) })}
          aria-invalid={invalid || undefined}
          data-testid={id}
        />
      );
    case 'date':
      return <DateInput id={id} {...register(name)} aria-invalid={invalid || undefined} data-testid={id} />;
    default:
      return (
        <Input
          id={id}
          type={def.kind === 'password' ? 'password' : def.kind === 'time' ? 'time' : 'text'}
          autoComplete={def.kind === 'password' ? 'new-password' : 'off'}
          {...register(name)}
          aria-invalid={invalid || undefined}
          data-testid={id}
        />
      );
  }
}

/** Saves the form's values (a new record or the edited one): the server's field errors inline, the toast, `onSaved`. */
function useSaveResource(r: TResource, row: Row | null | undefined, form: UseFormReturn<FieldValues>, onSaved: (row: Row) => void) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    const onError = serverErrors(form, { fields: [...Object.keys(r.fields), 'isActive'], nested: false });
    try {
      const result = row
        ? await api.put<Row>(resourceUrl(r, `/${row.id}`), values, { onError })
        : await api.post<Row>(resourceUrl(r), values, { onError });
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['resource', r.name] });
      toast({ variant: 'success', title: 'Saved', description: `${r.singular} saved` });
      onSaved(result);
    } catch {
      // the toast and inline errors already show what went wrong
    }
  });
  return { submit, saved };
}

/** The generic form of a resource: react-hook-form with the resource's own zod schema, inline errors. */
export function ResourceForm({ resource: r, row, onSaved, onCancel, onDirtyChange, initial }: ResourceFormProps) {
  const defaults = useMemo(() => (row ? rowValues(r, row) : { ...emptyValues(r), ...initial }), [r, row, initial]);
  const form = useForm<FieldValues>({
    resolver: zodResolver(r.schema as any),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const {
    register,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const { submit, saved } = useSaveResource(r, row, form, onSaved);

  useEffect(() => {
    onDirtyChange?.(isDirty && !saved);
  }, [isDirty, saved, onDirtyChange]);

  // A form that sets a password judges its strength here too once zxcvbn's dictionaries are loaded (lazily: large).
  const setsPassword = Object.values(r.fields).some((d) => d.kind === 'password');
  useEffect(() => {
    if (setsPassword) void import('@hr/contract/password-strength').then((m) => m.installPasswordStrength()).catch(() => undefined);
  }, [setsPassword]);

  const err = (name: string) => {
    const e = errors[name];
    return typeof e?.message === 'string' ? e.message : undefined;
  };

  const rootError = typeof errors.root?.message === 'string' ? errors.root.message : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="resource-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {Object.entries(r.fields).map(([name, def]) => (
          <FormField
            key={name}
            label={def.label}
            htmlFor={`field-${name}`}
            required={def.required && def.kind !== 'boolean' && !(def.kind === 'password' && row)}
            error={err(name)}
            hint={def.kind === 'password' && !row ? `At least ${PASSWORD_MIN_LENGTH} characters, not easy to guess` : def.help}
            className={cn((def.kind === 'textarea' || def.kind === 'multiselect' || def.kind === 'image') && 'sm:col-span-2')}
          >
            <ResourceInput name={name} def={def} invalid={!!errors[name]} control={control} register={register} />
          </FormField>
        ))}
        <FormField label="Active" htmlFor="field-isActive" error={err('isActive')}>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <div className="flex h-9 items-center">
                <Switch id="field-isActive" checked={!!field.value} onCheckedChange={field.onChange} data-testid="field-isActive" />
              </div>
            )}
          />
        </FormField>
      </div>
      {rootError && (
        <p className="text-sm text-destructive" role="alert">
          {rootError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} data-testid="form-cancel">
          <X /> Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} data-testid="form-save">
          <Save /> {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
