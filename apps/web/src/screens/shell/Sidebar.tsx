import type { TAppModule, TMenuNode } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Building2, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MenuIcon } from '@/components/common/MenuIcon';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useSession } from '@/lib/session';
import { menuCovers } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';

const OPEN_GROUPS_KEY = 'sidebar-open-groups';

function containsPath(nodes: TMenuNode[], path: string): boolean {
  return nodes.some((n) => isActive(n.actionUrl, path) || containsPath(n.children, path));
}

/** A menu is current on its own path and on its detail/child paths (e.g. /outlet/master/leave/<id>). */
const isActive = menuCovers;

function readOpenGroups(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(OPEN_GROUPS_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

function Brand({ collapsed }: { collapsed?: boolean }) {
  const org = useSession((s) => s.acc_dtls?.organisation);
  return (
    <Link to={MENU.dashboard} className="flex h-14 shrink-0 items-center gap-2.5 border-b border-sidebar-border px-4">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Building2 className="size-4" />
      </span>
      {!collapsed && (
        <span className="min-w-0">
          <span className="block truncate text-sm leading-tight font-semibold text-foreground">{org?.name ?? 'PeopleDesk'}</span>
          <span className="block truncate text-xs leading-tight text-muted-foreground">HR · Payroll · Attendance</span>
        </span>
      )}
    </Link>
  );
}

function MenuLink({ node, depth = 0 }: { node: TMenuNode; depth?: number }) {
  const { pathname } = useLocation();
  const active = isActive(node.actionUrl, pathname);
  return (
    <li>
      <NavLink
        to={node.actionUrl}
        aria-current={active ? 'page' : undefined}
        data-active={active || undefined}
        className={cn(
          'flex h-8 items-center gap-2.5 rounded-md px-2 text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
          active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
        )}
        style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
      >
        <MenuIcon name={node.icon} className="size-4 shrink-0 opacity-80" />
        <span className="truncate">{node.label}</span>
      </NavLink>
      {node.children.length > 0 && (
        <ul className="mt-0.5 space-y-0.5">
          {node.children.map((c) => (
            <MenuLink key={c.id} node={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ModuleGroup({ mod, open, onOpenChange }: { mod: TAppModule; open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <li data-testid="menu-group" data-module={mod.name}>
        <CollapsibleTrigger className="group flex h-8 w-full items-center gap-2.5 rounded-md px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase hover:text-foreground">
          <MenuIcon name={mod.icon} className="size-4 shrink-0" />
          <span className="truncate">{mod.name}</span>
          <ChevronRight className="ml-auto size-3.5 transition-transform group-data-[state=open]:rotate-90" />
        </CollapsibleTrigger>
        {/* Kept mounted while closed (hidden) so the whole menu is in the page for find-in-page and tests. */}
        <CollapsibleContent forceMount className="data-[state=closed]:hidden">
          <ul className="mt-0.5 mb-2 ml-4 space-y-0.5 border-l border-sidebar-border pl-2">
            {mod.menus.map((n) => (
              <MenuLink key={n.id} node={n} />
            ))}
          </ul>
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

/** Collapsed rail: one icon per module; its menus open in a dropdown. */
function RailGroup({ mod }: { mod: TAppModule }) {
  const { pathname } = useLocation();
  const active = containsPath(mod.menus, pathname);
  const flat: TMenuNode[] = [];
  const walk = (ns: TMenuNode[]) => {
    for (const n of ns) {
      flat.push(n);
      walk(n.children);
    }
  };
  walk(mod.menus);
  return (
    <li data-testid="menu-group" data-module={mod.name}>
      <DropdownMenu>
        <Tooltip>
          <TooltipTrigger asChild>
            <DropdownMenuTrigger
              aria-label={mod.name}
              className={cn(
                'flex size-10 items-center justify-center rounded-md text-sidebar-foreground hover:bg-sidebar-accent/60',
                active && 'bg-sidebar-accent text-sidebar-accent-foreground',
              )}
            >
              <MenuIcon name={mod.icon} className="size-[18px]" />
            </DropdownMenuTrigger>
          </TooltipTrigger>
          <TooltipContent side="right">{mod.name}</TooltipContent>
        </Tooltip>
        <DropdownMenuContent side="right" align="start" className="w-60">
          <DropdownMenuLabel>{mod.name}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {flat.map((n) => (
            <DropdownMenuItem key={n.id} asChild>
              <Link to={n.actionUrl} className={cn(isActive(n.actionUrl, pathname) && 'bg-accent font-medium')}>
                <MenuIcon name={n.icon} />
                {n.label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

function NavTree({ collapsed }: { collapsed?: boolean }) {
  const appMenus = useSession((s) => s.appMenus);
  const { pathname } = useLocation();
  const [stored, setStored] = useState(readOpenGroups);
  const currentModule = useMemo(() => appMenus.find((m) => containsPath(m.menus, pathname))?.id, [appMenus, pathname]);

  const setOpen = (name: string, open: boolean) => {
    const next = { ...stored, [name]: open };
    setStored(next);
    localStorage.setItem(OPEN_GROUPS_KEY, JSON.stringify(next));
  };

  return (
    <nav aria-label="Main menu" data-testid="sidebar-nav" className="flex-1 overflow-y-auto px-3 py-3">
      <ul className={cn('space-y-0.5', collapsed && 'flex flex-col items-center gap-1')}>
        {appMenus.map((mod) =>
          collapsed ? (
            <RailGroup key={mod.id} mod={mod} />
          ) : (
            <ModuleGroup
              key={mod.id}
              mod={mod}
              // The group holding the current screen is always open; others remember the user's choice (default: open when there are few).
              open={mod.id === currentModule || (stored[mod.name] ?? appMenus.length <= 4)}
              onOpenChange={(o) => setOpen(mod.name, o)}
            />
          ),
        )}
      </ul>
    </nav>
  );
}

export function Sidebar({ collapsed, className }: { collapsed: boolean; className?: string }) {
  return (
    <aside
      data-collapsed={collapsed || undefined}
      className={cn(
        'fixed inset-y-0 left-0 z-30 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-64',
        className,
      )}
    >
      <Brand collapsed={collapsed} />
      <NavTree collapsed={collapsed} />
    </aside>
  );
}

export function MobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation menu</SheetDescription>
        <Brand />
        <NavTree />
      </SheetContent>
    </Sheet>
  );
}
