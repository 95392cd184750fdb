import { MASTER_BASE, type TMappingLine, type TMappingSave, type TResource } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { decryptJsonParam, decryptParam, encryptParam, ROUTE_PARAM_ERROR } from '@/lib/crypto';
import { serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useDecodedParam } from '@/lib/useEncryptedParam';
import { resourceUrl } from './api';
import { EditScreen } from './EditScreen';
import { lineErrorsOf, mappingResolver, serverLineNames, type TMappingForm } from './mapping-form';
import { ReferenceSelect } from './ReferenceSelect';
import { extraFromInput, extraToInput } from './values';

/** The owner id of a mapping modify route: an encrypted id, or an encrypted JSON object ({mapDtls}). */
function useOwnerParam(r: TResource): number | null {
  const kind = r.modify?.kind ?? 'id';
  const param = r.modify?.param ?? 'unitId';
  const owner = r.mapping?.owner ?? 'unitId';
  const decode = useCallback(
    (raw: string | undefined): number | null => {
      if (kind === 'json') {
        const v = decryptJsonParam<Record<string, unknown>>(raw);
        const n = v === ROUTE_PARAM_ERROR ? null : v[owner];
        return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
      }
      const text = decryptParam(raw);
      return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
    },
    [kind, owner],
  );
  return useDecodedParam(param, decode);
}

/**
 * The owner's mapping lines as a form: reset whenever they reload, dirty once edited; the save shows a line's bad
 * extra on that line (the contract's rule before sending, the server's after) as well as in the toast.
 */
function useMappingForm(r: TResource, ownerId: number | null) {
  const queryClient = useQueryClient();
  const lines = useQuery({
    queryKey: ['resource', r.name, 'mapping', ownerId],
    queryFn: ({ signal }) => api.get<TMappingLine[]>(resourceUrl(r, `/mapping/${ownerId}`), undefined, { signal }),
    enabled: ownerId !== null,
  });
  const resolver = useMemo(() => mappingResolver(r), [r]);
  const form = useForm<TMappingForm, unknown, TMappingSave>({ resolver, defaultValues: { lines: [] } });
  useEffect(() => {
    if (lines.data !== undefined) form.reset({ lines: lines.data });
  }, [lines.data]);
  const saveAction = useAction(
    (body: TMappingSave, sent: TMappingLine[]) =>
      api.put(resourceUrl(r, `/mapping/${ownerId}`), body, {
        onError: serverErrors(form, { rename: serverLineNames(r, sent), fields: ['lines'] }),
      }),
    {
      success: { title: 'Saved', description: `${r.title} saved` },
      onDone: async () => {
        form.reset(form.getValues());
        await queryClient.invalidateQueries({ queryKey: ['resource', r.name] });
      },
    },
  );
  const save = form.handleSubmit(async (body) => {
    await saveAction.run(body, form.getValues('lines'));
  });
  const draft = form.watch('lines');
  const edit = (change: (d: TMappingLine[]) => TMappingLine[]) =>
    form.setValue('lines', change(form.getValues('lines')), { shouldDirty: true });
  const errors = form.formState.errors;
  const index = new Map(draft.map((l, i) => [l.itemId, i]));
  return {
    draft,
    edit,
    dirty: form.formState.isDirty,
    saving: saveAction.busy,
    save: () => void save(),
    loading: lines.isLoading,
    errorsOf: (itemId: number) => lineErrorsOf(errors.lines?.[index.get(itemId) ?? -1]),
    root: errors.root?.message,
  };
}

type TPatch = (itemId: number, p: Partial<TMappingLine>) => void;

/** One extra of a mapped line (a limit, a flag, a choice): a checkbox, a select or a number. */
function MappingExtra({
  r,
  name: e,
  line: l,
  off,
  error,
  patch,
}: {
  r: TResource;
  name: string;
  line: TMappingLine;
  off: boolean;
  error: string | undefined;
  patch: TPatch;
}) {
  const def = r.fields[e];
  const own = l.itemValues?.[e];
  const label = (
    <span title={def.help} className={error ? 'text-destructive' : undefined}>
      {def.label}
    </span>
  );
  if (def.kind === 'boolean') {
    return (
      <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Checkbox checked={!!l[e]} disabled={off} onCheckedChange={(v) => patch(l.itemId, { [e]: v === true })} />
        {label}
      </label>
    );
  }
  if (def.options) {
    return (
      <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {label}
        <select
          className="h-8 rounded-md border border-input bg-transparent px-2 text-sm aria-invalid:border-destructive"
          disabled={off}
          aria-invalid={!!error || undefined}
          value={extraToInput(l[e])}
          onChange={(ev) => patch(l.itemId, { [e]: extraFromInput(r, e, ev.target.value) })}
          data-testid={`mapping-${e}`}
        >
          {!def.required && <option value="">{own ? `Own (${def.options.find((o) => o.value === own)?.label ?? own})` : '—'}</option>}
          {def.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
      {label}
      <Input
        type={def.decimal ? 'text' : 'number'}
        inputMode={def.decimal ? 'decimal' : undefined}
        className="h-8 w-20"
        min={def.decimal ? undefined : 0}
        disabled={off}
        aria-invalid={!!error || undefined}
        title={error}
        placeholder={own === undefined || own === null ? '' : String(own)}
        value={extraToInput(l[e])}
        onChange={(ev) => patch(l.itemId, { [e]: extraFromInput(r, e, ev.target.value) })}
        data-testid={`mapping-${e}`}
      />
    </label>
  );
}

/** One candidate item: its tick, its label, its extras and the line's errors. */
function MappingLineRow({
  r,
  line: l,
  canEdit,
  errors,
  patch,
}: {
  r: TResource;
  line: TMappingLine;
  canEdit: boolean;
  errors: Record<string, string> | undefined;
  patch: TPatch;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="mapping-line">
      <Checkbox
        id={`map-${l.itemId}`}
        checked={l.mapped}
        disabled={!canEdit}
        onCheckedChange={(v) => patch(l.itemId, { mapped: v === true })}
        aria-label={l.label}
      />
      <label htmlFor={`map-${l.itemId}`} className="flex-1 text-sm">
        {l.label}
      </label>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {(r.mapping?.extras ?? []).map((e) => (
          <MappingExtra key={e} r={r} name={e} line={l} off={!canEdit || !l.mapped} error={errors?.[e]} patch={patch} />
        ))}
      </div>
      {errors && (
        <p className="basis-full text-xs text-destructive" role="alert">
          {Object.values(errors).join(' ')}
        </p>
      )}
    </div>
  );
}

/** A unit-wise / user-wise mapping: every candidate item as a checklist (with its extras), saved at once. */
export function MappingScreen({ resource: r }: { resource: TResource }) {
  const m = r.mapping;
  const ownerId = useOwnerParam(r);
  const navigate = useNavigate();
  const { actions } = useCurrentMenu(r.menu);
  const listPath = `${MASTER_BASE}/${r.path}`;
  const { draft, edit, dirty, saving, save, loading, errorsOf, root } = useMappingForm(r, ownerId);
  const [filter, setFilter] = useState('');

  const shown = useMemo(() => draft.filter((l) => !filter || l.label.toLowerCase().includes(filter.toLowerCase())), [draft, filter]);
  if (!m || ownerId === null) return null;
  const ownerDef = r.fields[m.owner];
  const itemDef = r.fields[m.item];
  const canEdit = actions.edit;

  const patch: TPatch = (itemId, p) => edit((d) => d.map((l) => (l.itemId === itemId ? { ...l, ...p } : l)));
  const setAll = (mapped: boolean) => {
    const ids = new Set(shown.map((l) => l.itemId));
    edit((d) => d.map((l) => (ids.has(l.itemId) ? { ...l, mapped } : l)));
  };

  const switchOwner = (id: number | null) => {
    if (!id || id === ownerId) return;
    const enc = encryptParam(r.modify?.kind === 'json' ? { [m.owner]: id } : id);
    navigate(`${listPath}/${enc}`);
  };

  return (
    <EditScreen
      testId={`mapping-${r.name}`}
      className="max-w-4xl"
      back={{ to: listPath, label: r.title }}
      title={r.title}
      description={`Tick the ${itemDef.label.toLowerCase()} entries this ${ownerDef.label.toLowerCase()} uses, then save.`}
      dirty={dirty}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-64 space-y-1">
          <span className="text-sm font-medium">{ownerDef.label}</span>
          <ReferenceSelect
            resource={ownerDef.reference ?? ''}
            value={ownerId}
            onChange={switchOwner}
            aria-label={ownerDef.label}
            data-testid="mapping-owner"
          />
        </div>
        <Input
          className="max-w-xs"
          placeholder={`Filter ${itemDef.label.toLowerCase()}…`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter"
        />
        {canEdit && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setAll(true)}>
              Select all
            </Button>
            <Button variant="outline" size="sm" onClick={() => setAll(false)}>
              Clear
            </Button>
          </div>
        )}
      </div>
      {loading ? (
        <div className="space-y-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : (
        <div className="divide-y rounded-md border" data-testid="mapping-lines">
          {shown.length === 0 && <p className="p-4 text-sm text-muted-foreground">Nothing to map</p>}
          {shown.map((l) => (
            <MappingLineRow key={l.itemId} r={r} line={l} canEdit={canEdit} errors={errorsOf(l.itemId)} patch={patch} />
          ))}
        </div>
      )}
      {root && (
        <p className="text-sm text-destructive" role="alert">
          {root}
        </p>
      )}
      <div className="flex items-center justify-between">
        <span className="text-sm text-muted-foreground" data-testid="mapping-count">
          {draft.filter((l) => l.mapped).length} selected
        </span>
        {canEdit && (
          <Button onClick={save} disabled={saving || !dirty} data-testid="mapping-save">
            <Save /> {saving ? 'Saving…' : 'Save'}
          </Button>
        )}
      </div>
    </EditScreen>
  );
}

export default MappingScreen;
