// /outlet/home: the staff's home on a phone (issue 29; where the installed app opens). The employee's own day from the
// dashboard's widgets (punch card with today's shift, month, leave balances, pending requests, last payslip, holidays),
// then raising a leave, work-from-home or visitor request and the latest requests' status, the requests waiting for
// an approver's decision, and the latest notifications. Every part is a screen or component the app already has.
import type { TNotificationList, TRequestList, TRequestStatus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Briefcase, CalendarPlus, ChevronRight, FileText, House, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WaitingApprovals } from '@/components/approvals/WaitingApprovals';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { StaffWidgets } from './StaffWidgets';

const STATUS: Record<TRequestStatus, { label: string; variant: 'secondary' | 'outline' | 'destructive' | 'default' }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'default' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  withdrawn: { label: 'Withdrawn', variant: 'outline' },
};
const KIND = { leave: 'Leave', wfh: 'Work from home', visitor: 'Visitor' } as const;

function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="gap-3 py-4">
        <CardHeader className="flex items-center justify-between gap-2 px-4">
          <CardTitle className="text-base">
            <h2 id={id}>{title}</h2>
          </CardTitle>
          {action}
        </CardHeader>
        <CardContent className="grid gap-3 px-4">{children}</CardContent>
      </Card>
    </section>
  );
}

function Shortcut({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-12 items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm font-medium shadow-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="text-primary [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      {label}
    </Link>
  );
}

function MyLatestRequests() {
  const q = useQuery({
    queryKey: ['requests', 'mine', 'latest'],
    queryFn: ({ signal }) =>
      api.get<TRequestList>(apiPath('/api/requests/mine'), { page: 1, pageSize: 5 }, { signal, silent: true, bypass_log: true }),
    retry: 1,
  });
  if (q.isError) return <p className="text-sm text-muted-foreground">Your requests could not be loaded.</p>;
  if (!q.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (q.data.rows.length === 0) return <p className="text-sm text-muted-foreground">You have raised no request yet.</p>;
  return (
    <ul className="divide-y rounded-md border text-sm" data-testid="my-latest-requests">
      {q.data.rows.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <span className="min-w-0">
            <span className="font-medium">{r.kind === 'leave' && r.leaveTypeName ? r.leaveTypeName : KIND[r.kind]}</span>
            <span className="block text-xs text-muted-foreground">
              {r.toDate && r.toDate !== r.fromDate ? `${formatDate(r.fromDate)} – ${formatDate(r.toDate)}` : formatDate(r.fromDate)}
            </span>
          </span>
          <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
        </li>
      ))}
    </ul>
  );
}

function LatestNotifications() {
  const q = useQuery({
    queryKey: ['notifications', 'home'],
    queryFn: ({ signal }) =>
      api.get<TNotificationList>(apiPath('/api/notifications'), { page: 1, pageSize: 5 }, { signal, silent: true, bypass_log: true }),
    retry: 1,
  });
  if (q.isError) return <p className="text-sm text-muted-foreground">Notifications could not be loaded.</p>;
  if (!q.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (q.data.rows.length === 0) return <p className="text-sm text-muted-foreground">No notification yet.</p>;
  return (
    <ul className="divide-y rounded-md border text-sm" data-testid="home-notifications">
      {q.data.rows.map((n) => {
        const body = (
          <>
            <span className={n.readAt ? '' : 'font-semibold'}>
              {n.title}
              {!n.readAt && <span className="sr-only"> (unread)</span>}
            </span>
            <span className="block text-xs text-muted-foreground">{n.body}</span>
            <span className="block text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
          </>
        );
        return (
          <li key={n.id} className="px-3 py-2">
            {n.link ? (
              <Link
                to={n.link}
                className="block rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {body}
              </Link>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The menus of the approval kinds other than requests (their approvers see the inbox too). */
const APPROVAL_MENUS: string[] = [
  MENU.attendance,
  MENU.employee,
  MENU.salaryProcess,
  MENU.salaryAdvance,
  MENU.employeeBonus,
  MENU.statutoryArrears,
  MENU.separation,
  MENU.settlement,
];

export default function PhoneHomeScreen() {
  const account = useSession((s) => s.acc_dtls);
  const menus = useSession((s) => s.rawMenus);
  const holds = (path: string) => menus.some((m) => m.actionUrl === path);
  // Requests as before, or the approve action on the menu of any other approval kind (the inbox, issue 29).
  const approver =
    [MENU.allRequestLeave, MENU.allRequestWfh, MENU.allRequestVisitor].some(holds) ||
    menus.some((m) => m.actions.approve && APPROVAL_MENUS.includes(m.actionUrl));
  const raise = [
    { to: MENU.requestLeave, icon: <CalendarPlus />, label: 'Apply for leave' },
    { to: MENU.requestWfh, icon: <House />, label: 'Work from home' },
    { to: MENU.requestVisitor, icon: <UserPlus />, label: 'Notify a visitor' },
  ].filter((r) => holds(r.to));
  if (!account) return null;

  return (
    <div className="mx-auto grid max-w-6xl gap-4" data-testid="phone-home">
      <h1 className="text-xl font-semibold tracking-tight">Hello, {account.fullName}</h1>
      {approver && (
        // An approver's first task on a phone: straight to the requests waiting (below the employee's own day).
        <a href="#home-approvals" className="-mt-2 text-sm text-primary underline-offset-4 hover:underline">
          Waiting for your decision
        </a>
      )}
      {account.employeeId != null ? (
        <StaffWidgets />
      ) : (
        <p className="text-sm text-muted-foreground">Your sign-in has no employee record: there is no punch or leave of your own.</p>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {account.employeeId != null && (
          <Section
            title="Requests"
            id="home-requests"
            action={
              holds(MENU.myRequests) ? (
                <Link to={MENU.myRequests} className="inline-flex items-center text-sm text-primary hover:underline">
                  All my requests <ChevronRight className="size-4" aria-hidden />
                </Link>
              ) : undefined
            }
          >
            {raise.length > 0 && (
              <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
                {raise.map((r) => (
                  <Shortcut key={r.to} {...r} />
                ))}
              </div>
            )}
            <MyLatestRequests />
            <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
              {holds(MENU.payslip) && <Shortcut to={MENU.payslip} icon={<FileText />} label="My payslips" />}
              {holds(MENU.myAttendanceLogs) && <Shortcut to={MENU.myAttendanceLogs} icon={<Briefcase />} label="My attendance" />}
            </div>
          </Section>
        )}
        {approver && (
          <Section title="Waiting for your decision" id="home-approvals">
            <WaitingApprovals />
          </Section>
        )}
        <Section title="Notifications" id="home-notifications">
          <LatestNotifications />
        </Section>
      </div>
    </div>
  );
}
