import type { TMenuAccessRow } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { EditScreen, useDraft } from '@/components/resource/EditScreen';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useEncryptedId } from '@/lib/useEncryptedParam';

type Actions = { view: boolean; add: boolean; edit: boolean; delete: boolean; approve: boolean };
type GridLine = { menuId: number; moduleId: number; moduleName: string; label: string; actionUrl: string; actions: Actions };
type Grid = { role: { id: number; name: string }; menus: GridLine[] };

const KEYS: (keyof Actions)[] = ['view', 'add', 'edit', 'delete', 'approve'];
const LABEL: Record<keyof Actions, string> = { view: 'View', add: 'Add', edit: 'Edit', delete: 'Delete', approve: 'Approve' };

/** configure/roleWiseMenuAccess/{roleId}: every menu (by module) × view/add/edit/delete/approve, saved at once. */
export function RoleMenuAccessScreen() {
  const roleId = useEncryptedId('roleId');
  const { actions: mine } = useCurrentMenu(MENU.roleWiseMenuAccess);
  const grid = useQuery({
    queryKey: ['access', 'grid', roleId],
    queryFn: ({ signal }) => api.get<Grid>(apiPath('/api/access/roles/:roleId/menus', { roleId: roleId! }), undefined, { signal }),
    enabled: roleId !== null && roleId > 0,
  });
  const {
    draft: lines,
    edit,
    dirty,
    saving,
    save,
  } = useDraft<GridLine[]>(grid.data?.menus, [], {
    save: (ls) => {
      const rows: TMenuAccessRow[] = ls.map((l) => ({
        menuId: l.menuId,
        canView: l.actions.view,
        canAdd: l.actions.add,
        canEdit: l.actions.edit,
        canDelete: l.actions.delete,
        canApprove: l.actions.approve,
      }));
      return api.put(apiPath('/api/access/roles/:roleId/menus', { roleId: roleId! }), { rows });
    },
    saved: 'Menu access saved',
    invalidate: ['access'],
  });

  const modules = useMemo(() => {
    const byModule = new Map<string, GridLine[]>();
    for (const l of lines) byModule.set(l.moduleName, [...(byModule.get(l.moduleName) ?? []), l]);
    return [...byModule.entries()];
  }, [lines]);

  if (roleId === null) return null;
  const canEdit = mine.edit;

  const set = (ids: number[], key: keyof Actions, value: boolean) => {
    const idSet = new Set(ids);
    edit((ls) =>
      ls.map((l) => {
        if (!idSet.has(l.menuId)) return l;
        const next = { ...l.actions, [key]: value };
        // Any action implies view; no view means nothing else.
        if (key !== 'view' && value) next.view = true;
        if (key === 'view' && !value) for (const k of KEYS) next[k] = false;
        return { ...l, actions: next };
      }),
    );
  };

  return (
    <EditScreen
      testId="role-menu-access"
      className="max-w-6xl"
      back={{ to: MENU.roleWiseMenuAccess, label: 'Role Wise Menu Access' }}
      title={`Menu access${grid.data ? `: ${grid.data.role.name}` : ''}`}
      description="Ticking add, edit, delete or approve also gives view. Saved all at once."
      dirty={dirty}
    >
      {grid.isLoading ? (
        <Skeleton className="h-64" />
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Menu</TableHead>
                {KEYS.map((k) => (
                  <TableHead key={k} className="w-16 text-center">
                    {LABEL[k]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {modules.map(([name, ms]) => (
                <ModuleRows key={name} name={name} lines={ms} canEdit={canEdit} onSet={set} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {canEdit && (
        <div className="flex justify-end">
          <Button onClick={save} disabled={saving || !dirty} data-testid="grid-save">
            <Save /> {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      )}
    </EditScreen>
  );
}

function ModuleRows({
  name,
  lines,
  canEdit,
  onSet,
}: {
  name: string;
  lines: GridLine[];
  canEdit: boolean;
  onSet: (ids: number[], key: keyof Actions, value: boolean) => void;
}) {
  const ids = lines.map((l) => l.menuId);
  return (
    <>
      <TableRow className="bg-muted/50">
        <TableCell className="font-semibold">{name}</TableCell>
        {KEYS.map((k) => {
          const all = lines.every((l) => l.actions[k]);
          return (
            <TableCell key={k} className="text-center">
              <Checkbox
                aria-label={`${LABEL[k]} all of ${name}`}
                checked={all}
                disabled={!canEdit}
                onCheckedChange={(v) => onSet(ids, k, v === true)}
              />
            </TableCell>
          );
        })}
      </TableRow>
      {lines.map((l) => (
        <TableRow key={l.menuId} data-testid="grid-line">
          <TableCell className="pl-6 whitespace-normal">
            <div>{l.label}</div>
            <div className="text-xs break-all text-muted-foreground">{l.actionUrl}</div>
          </TableCell>
          {KEYS.map((k) => (
            <TableCell key={k} className="text-center">
              <Checkbox
                aria-label={`${LABEL[k]} ${l.label}`}
                checked={l.actions[k]}
                disabled={!canEdit}
                onCheckedChange={(v) => onSet([l.menuId], k, v === true)}
              />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

export default RoleMenuAccessScreen;
