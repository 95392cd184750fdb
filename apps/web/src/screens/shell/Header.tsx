import type { TFinancialYear } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange, ChevronRight, KeyRound, LogOut, Menu, Monitor, Moon, PanelLeft, Smartphone, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { signOut } from '@/lib/auth';
import { setFinancialYear, useSession } from '@/lib/session';
import { type Theme, useTheme } from '@/lib/theme';
import { findMenuFor } from '@/lib/useCurrentMenu';

/** The financial-year selector: GET /api/financial-years; the choice is held for the session (finYear, finYearDtls). */
function FinancialYearSelect() {
  const finYear = useSession((s) => s.finYear);
  const years = useQuery({
    queryKey: ['financial-years'],
    queryFn: ({ signal }) => api.get<TFinancialYear[]>(apiPath('/api/financial-years'), undefined, { signal, bypass_log: true }),
    staleTime: Infinity,
  });

  // Default: the current year (or keep the session's choice if it still exists).
  useEffect(() => {
    const list = years.data;
    if (!list?.length) return;
    const chosen = list.find((y) => y.id === finYear);
    if (!chosen) setFinancialYear(list.find((y) => y.isCurrent) ?? list[0]);
  }, [years.data, finYear]);

  if (!years.data?.length) return null;
  return (
    <Select
      value={finYear ? String(finYear) : undefined}
      onValueChange={(v) => {
        const fy = years.data?.find((y) => String(y.id) === v);
        if (fy) setFinancialYear(fy);
      }}
    >
      <SelectTrigger size="sm" className="w-auto gap-2 bg-background" aria-label="Financial year" data-testid="fy-select">
        <CalendarRange className="size-4" />
        <span className="hidden text-muted-foreground sm:inline">FY</span>
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        {years.data.map((y) => (
          <SelectItem key={y.id} value={String(y.id)}>
            {y.name}
            {y.isCurrent ? ' (current)' : ''}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const THEMES: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

export function ThemeSwitcher() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label="Theme" data-testid="theme-toggle">
              {resolvedTheme === 'dark' ? <Moon /> : <Sun />}
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Theme</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-36">
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
          {THEMES.map((t) => (
            <DropdownMenuRadioItem key={t.value} value={t.value}>
              <t.icon />
              {t.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserMenu() {
  const account = useSession((s) => s.acc_dtls);
  const navigate = useNavigate();
  if (!account) return null;

  async function onSignOut() {
    await signOut();
    // Replace the current entry so Back cannot return to it; the layout also refuses without a token.
    navigate('/', { replace: true });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows (the name and role; below lg only the initials, so the name is read out then too). */}
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-0.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:pr-2"
          data-testid="user-menu"
        >
          <UserAvatar name={account.fullName} className="size-8" />
          <span className="sr-only lg:hidden">
            {account.fullName}, {account.roleName}
          </span>
          <span className="hidden text-left lg:block">
            <span className="block max-w-40 truncate text-sm leading-tight font-medium">{account.fullName}</span>
            <span className="block text-xs leading-tight text-muted-foreground">{account.roleName}</span>
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <UserAvatar name={account.fullName} className="size-9" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium" data-testid="user-full-name">
              {account.fullName}
            </span>
            <span className="block truncate text-xs font-normal text-muted-foreground" data-testid="user-role">
              {account.roleName}
            </span>
            {account.email && <span className="block truncate text-xs font-normal text-muted-foreground">{account.email}</span>}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/outlet/home')} data-testid="phone-home">
          <Smartphone />
          My day on the phone
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/outlet/me/password')} data-testid="change-password">
          <KeyRound />
          Change password
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onSignOut} data-testid="sign-out">
          <LogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Breadcrumb() {
  const { pathname } = useLocation();
  const rawMenus = useSession((s) => s.rawMenus);
  // The menu of this path, or the deepest one above it (detail screens keep their list's crumb).
  const menu = findMenuFor(rawMenus, pathname);
  const label = menu?.label;
  useEffect(() => {
    document.title = label ? `${label} · PeopleDesk` : 'PeopleDesk · HR & Payroll';
  }, [label]);
  if (!menu) return null;
  return (
    <nav aria-label="Breadcrumb" className="hidden min-w-0 items-center gap-1.5 text-sm sm:flex">
      <span className="truncate text-muted-foreground">{menu.moduleName}</span>
      <ChevronRight className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="truncate font-medium" data-testid="breadcrumb-current">
        {menu.label}
      </span>
    </nav>
  );
}

export function Header({
  onToggleSidebar,
  onOpenMobile,
  collapsed,
}: {
  onToggleSidebar: () => void;
  onOpenMobile: () => void;
  collapsed: boolean;
}) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:gap-3 sm:px-4 md:px-6">
      <Button variant="ghost" size="icon-sm" className="md:hidden" aria-label="Open menu" onClick={onOpenMobile}>
        <Menu />
      </Button>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="hidden md:inline-flex"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            onClick={onToggleSidebar}
            data-testid="sidebar-toggle"
          >
            <PanelLeft />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</TooltipContent>
      </Tooltip>
      <div className="hidden h-5 w-px bg-border sm:block" />
      <Breadcrumb />
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <NotificationBell />
        <FinancialYearSelect />
        <ThemeSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
