import type { TDashboardSummary, TDashboardUnit, TUnitFigures } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  Building2,
  CalendarDays,
  FileWarning,
  Hourglass,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  UserMinus,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import { MenuIcon } from '@/components/common/MenuIcon';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatLongDate } from '@/lib/format';
import { monthName } from '@/lib/months';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { isBuiltScreen } from '@/routes';
import { StaffWidgets } from './StaffWidgets';

type UnitCard = Omit<TDashboardUnit, 'figures'> & { figures?: TUnitFigures | null };

function greeting(timeZone: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** One small figure of a unit card: an icon, the number and what it counts. */
function Figure({
  icon: Icon,
  label,
  value,
  testId,
  hint,
  tone = 'default',
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  testId: string;
  hint?: string;
  tone?: 'default' | 'warning';
}) {
  const warn = tone === 'warning' && value > 0;
  return (
    <div
      className={cn('flex items-center gap-2 rounded-lg border px-2.5 py-2', warn ? 'border-warning/40 bg-warning/10' : 'bg-muted/40')}
      title={hint}
    >
      <Icon className={cn('size-4 shrink-0', warn ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground')} />
      <div className="min-w-0">
        <div className="text-sm font-semibold tabular-nums leading-none" data-testid={testId}>
          {formatCount(value)}
        </div>
        <div className="mt-1 truncate text-xs text-muted-foreground">{label}</div>
      </div>
    </div>
  );
}

/** The staff figures of a unit (the server sends them only to those who may see the unit's staff). */
function UnitFigures({ figures, month }: { figures: TUnitFigures; month: string }) {
  const monthLabel = `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
  const short = monthLabel.slice(0, 3);
  return (
    <CardContent className="space-y-3 px-5" data-testid="unit-figures">
      <div>
        <div className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="figure-active">
          {formatCount(figures.active)}
        </div>
        <div className="text-xs text-muted-foreground">Active headcount</div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Figure icon={Hourglass} label="On notice" value={figures.onNotice} testId="figure-on-notice" />
        <Figure
          icon={UserPlus}
          label={`Joined · ${short}`}
          value={figures.joinedThisMonth}
          testId="figure-joined"
          hint={`Joined in ${monthLabel}`}
        />
        <Figure
          icon={UserMinus}
          label={`Exited · ${short}`}
          value={figures.exitedThisMonth}
          testId="figure-exited"
          hint={`Exited in ${monthLabel}`}
        />
        <Figure
          icon={FileWarning}
          label="Docs missing"
          value={figures.missingDocuments}
          testId="figure-missing-documents"
          hint="Active employees missing at least one mandatory document"
          tone="warning"
        />
      </div>
    </CardContent>
  );
}

/**
 * /outlet/dashboard: welcome, the signed-in employee's own day (shift, punches, month, leave, requests, payslip,
 * holidays), the user's units (with their staff figures) and today's date in the organisation's time zone.
 */
export function DashboardScreen() {
  const account = useSession((s) => s.acc_dtls);
  const sessionUnits = useSession((s) => s.units);
  const rawMenus = useSession((s) => s.rawMenus);
  const fy = useSession((s) => s.finYearDtls);
  const timeZone = account?.organisation.timeZone || 'Asia/Kolkata';
  const summary = useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => api.get<TDashboardSummary>(apiPath('/api/dashboard/summary'), undefined, { signal }),
  });

  if (!account) return null;
  const units: UnitCard[] = summary.data?.units ?? sessionUnits.map((u) => ({ ...u, city: '', stateName: '' }));
  // Screens that are built; menus of later issues' screens would only open the 404 page.
  const shortcuts = rawMenus.filter((m) => m.actionUrl !== MENU.dashboard && isBuiltScreen(m.actionUrl)).slice(0, 8);

  return (
    <div className="mx-auto max-w-6xl space-y-6" data-testid="dashboard">
      <section className="relative overflow-hidden rounded-xl border bg-card p-6 shadow-sm md:p-8">
        <div className="pointer-events-none absolute -top-20 -right-20 size-64 rounded-full bg-primary/10 blur-3xl" />
        <div className="relative flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="space-y-1.5">
            <p className="text-sm text-muted-foreground">{greeting(timeZone)},</p>
            <h1 className="text-2xl font-semibold tracking-tight md:text-3xl" data-testid="welcome">
              Welcome, {account.fullName}
            </h1>
            <p className="text-sm text-muted-foreground">{account.organisation.name}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary" className="gap-1.5 px-2.5 py-1 text-sm font-normal" data-testid="today">
              <CalendarDays className="size-3.5!" />
              {formatLongDate(new Date(), timeZone)}
            </Badge>
            <Badge variant="outline" className="gap-1.5 px-2.5 py-1 text-sm font-normal">
              <ShieldCheck className="size-3.5!" />
              {account.roleName}
            </Badge>
            {fy && (
              <Badge variant="outline" className="px-2.5 py-1 text-sm font-normal">
                FY {fy.name}
              </Badge>
            )}
          </div>
        </div>
      </section>

      {account.employeeId != null && <StaffWidgets />}

      <section className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 className="text-lg font-semibold tracking-tight">Your units</h2>
          <span className="text-sm text-muted-foreground">
            {units.length} {units.length === 1 ? 'unit' : 'units'}
          </span>
        </div>
        {summary.isPending && sessionUnits.length === 0 ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : units.length === 0 ? (
          <Card>
            <CardContent className="text-sm text-muted-foreground">No unit is mapped to your account yet.</CardContent>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="unit-list">
            {units.map((u) => (
              <li key={u.id} data-testid="unit-card" data-unit-code={u.code}>
                <Card className="h-full gap-3 py-5 transition-shadow hover:shadow-md">
                  <CardHeader className="px-5">
                    <div className="flex items-start gap-3">
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                        <Building2 className="size-5" />
                      </span>
                      <div className="min-w-0">
                        <CardTitle className="truncate text-base" data-testid="unit-name">
                          {u.name}
                        </CardTitle>
                        <CardDescription className="mt-1 flex items-center gap-1.5">
                          <Badge variant="secondary" className="font-mono">
                            {u.code}
                          </Badge>
                          {(u.city || u.stateName) && (
                            <span className="flex min-w-0 items-center gap-1 truncate">
                              <MapPin className="size-3.5 shrink-0" />
                              {[u.city, u.stateName].filter(Boolean).join(', ')}
                            </span>
                          )}
                        </CardDescription>
                      </div>
                    </div>
                  </CardHeader>
                  {u.figures && summary.data && <UnitFigures figures={u.figures} month={summary.data.month} />}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      {shortcuts.length > 0 && (
        <section className="space-y-3" data-testid="quick-access">
          <h2 className="text-lg font-semibold tracking-tight">Quick access</h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {shortcuts.map((m) => (
              <li key={m.id}>
                <Link
                  to={m.actionUrl}
                  className="group flex items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/50"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground group-hover:bg-primary/10 group-hover:text-primary">
                    <MenuIcon name={m.icon} className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{m.label}</span>
                    <span className="block truncate text-xs text-muted-foreground">{m.moduleName}</span>
                  </span>
                  <ArrowRight className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export default DashboardScreen;
