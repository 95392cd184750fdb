// Adds a parameter row (the figures of the row in force prefilled) or changes an employer's row no final month
// used: the day it takes effect, the figures, the notification. The server checks everything and its field
// errors land on the fields (a band that overlaps or leaves a gap is named under it).
import { bandStartAfter, type TStatutoryParameter } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { addParameter, changeParameter, parameterKeys } from './api';
import { FiguresEditor } from './FiguresEditor';

type Obj = Record<string, unknown>;
type Form = {
  effectiveFrom: string;
  notification: string;
  notificationDate: string;
  sourceUrl: string;
  source: string;
  data: Obj;
};

const BAND_LISTS = new Set(['slabs', 'femaleSlabs', 'bands']);

/** The figures with each band's first figure written out (the server checks it meets the band before). */
function withStarts(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    if (BAND_LISTS.has(key) && value.every((b) => b && typeof b === 'object' && 'upTo' in b)) {
      let prev: number | null = null;
      return value.map((b: Obj) => {
        const from = bandStartAfter(prev);
        prev = typeof b.upTo === 'number' ? b.upTo : null;
        return { from, ...(withStarts(b) as Obj) };
      });
    }
    return value.map((v) => withStarts(v));
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStarts(v, k)]));
  return value;
}

function firstOfNextMonth(on: string): string {
  const [y, m] = on.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function initial(template: TStatutoryParameter, editing: boolean, on: string): Form {
  return {
    effectiveFrom: editing ? template.effectiveFrom : firstOfNextMonth(on),
    notification: editing ? (template.notification ?? '') : '',
    notificationDate: editing ? (template.notificationDate ?? '') : '',
    sourceUrl: editing ? (template.sourceUrl ?? '') : '',
    source: editing && template.source !== template.notification ? template.source : '',
    data: withStarts(template.data) as Obj,
  };
}

export function ParameterDialog({
  open,
  onOpenChange,
  template,
  editing,
  kindLabel,
  on,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row whose figures start the form: the one in force (adding) or the one changed. */
  template: TStatutoryParameter | null;
  editing: boolean;
  kindLabel: string;
  on: string;
}) {
  const queryClient = useQueryClient();
  const form = useForm<Form>({ defaultValues: template ? initial(template, editing, on) : undefined });
  const { register, handleSubmit, reset, setError, setFocus, formState } = form;
  useEffect(() => {
    if (open && template) reset(initial(template, editing, on));
  }, [open, template, editing, on, reset]);

  const save = useAction(
    (values: Form) => {
      const body = { ...values, source: values.source || undefined };
      const onError = (e: ApiError) => {
        for (const [field, messages] of Object.entries(e.fieldErrors)) {
          setError((field || 'root') as 'root', { type: 'server', message: messages.join(' ') });
        }
        if (Object.keys(e.fieldErrors).length === 0) setError('root', { type: 'server', message: e.message });
        // The first field named comes into view (a band deep in a table as much as the date at the top).
        const first = Object.keys(e.fieldErrors)[0];
        if (first) {
          try {
            setFocus(first as 'effectiveFrom', { shouldSelect: true });
          } catch {
            // a list's own error has no input to focus: the summary above says it
          }
        }
      };
      if (!template) throw new Error('No row to start from');
      return editing
        ? changeParameter(template.id, body, { onError })
        : addParameter({ ...body, kind: template.kind, stateCode: template.stateCode }, { onError });
    },
    {
      success: (row) => ({
        title: editing ? 'Row changed' : 'Row added',
        description: `${kindLabel} from ${formatDate(row.effectiveFrom)}`,
      }),
      onDone: async () => {
        await queryClient.invalidateQueries({ queryKey: parameterKeys.all });
        onOpenChange(false);
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) setError('root', { type: 'server', message: String(e) });
      },
    },
  );

  const errors = formState.errors;
  const problems = collect(errors);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl" data-testid="parameter-dialog">
        <DialogHeader>
          <DialogTitle>
            {editing ? 'Change' : 'Add'} a row: {kindLabel}
            {template?.stateName ? `, ${template.stateName}` : ''}
          </DialogTitle>
          <DialogDescription>
            {editing
              ? 'Only a row no approved or locked month used can change.'
              : 'The figures of the row in force are filled in: change what the notification changes. The row applies from its day; months already approved or locked keep their figures.'}
          </DialogDescription>
        </DialogHeader>
        {template && (
          <FormProvider {...form}>
            <form className="grid gap-5" noValidate onSubmit={handleSubmit((v) => save.run(v))}>
              {problems.length > 0 && (
                <Alert variant="destructive" data-testid="parameter-errors">
                  <AlertTitle>The row cannot be saved</AlertTitle>
                  <AlertDescription>
                    <ul className="list-disc pl-4">
                      {problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  </AlertDescription>
                </Alert>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Takes effect on" htmlFor="p-effective" error={errors.effectiveFrom?.message} required>
                  <DateInput id="p-effective" aria-invalid={!!errors.effectiveFrom || undefined} {...register('effectiveFrom')} />
                </FormField>
                <FormField label="Notification (number or title)" htmlFor="p-notification" error={errors.notification?.message} required>
                  <Input
                    id="p-notification"
                    placeholder="e.g. S.O. 5109(E)"
                    aria-invalid={!!errors.notification || undefined}
                    {...register('notification')}
                  />
                </FormField>
                <FormField label="Notification date" htmlFor="p-notification-date" error={errors.notificationDate?.message} required>
                  <DateInput
                    id="p-notification-date"
                    aria-invalid={!!errors.notificationDate || undefined}
                    {...register('notificationDate')}
                  />
                </FormField>
                <FormField
                  label="Link"
                  htmlFor="p-url"
                  error={errors.sourceUrl?.message}
                  hint="Where the notification can be read (gazette, the authority’s site)"
                >
                  <Input
                    id="p-url"
                    type="url"
                    placeholder="https://"
                    aria-invalid={!!errors.sourceUrl || undefined}
                    {...register('sourceUrl')}
                  />
                </FormField>
                <FormField label="What it changes" htmlFor="p-source" error={errors.source?.message} className="sm:col-span-2">
                  <Textarea id="p-source" rows={2} placeholder="Optional: the Act, section and what changes" {...register('source')} />
                </FormField>
              </div>
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold">Figures</h3>
                <FiguresEditor path="data" value={withStarts(template.data) as Obj} kind={template.kind} />
              </section>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={save.busy} data-testid="save-parameter">
                  <Save /> {save.busy ? 'Saving…' : editing ? 'Save changes' : 'Add row'}
                </Button>
              </DialogFooter>
            </form>
          </FormProvider>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Every error message of the form, once (the fields show theirs too; a band list's sit under the table). */
function collect(errors: unknown, out: string[] = []): string[] {
  if (!errors || typeof errors !== 'object') return out;
  const e = errors as { message?: unknown; type?: unknown };
  if (typeof e.message === 'string' && typeof e.type === 'string') {
    if (!out.includes(e.message)) out.push(e.message);
    return out;
  }
  for (const [k, v] of Object.entries(errors)) if (k !== 'ref') collect(v, out);
  return out;
}
