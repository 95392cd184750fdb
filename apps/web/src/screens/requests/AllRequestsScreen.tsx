import { MENU, type TMenuPath } from '@hr/contract/menus';
import { ConciergeBell, ListChecks } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { RequestsList } from './all-requests/RequestsList';
import type { TRequestKind } from './api';
import { Reception } from './Reception';

const MENU_OF: Record<TRequestKind, TMenuPath> = {
  wfh: MENU.allRequestWfh,
  leave: MENU.allRequestLeave,
  visitor: MENU.allRequestVisitor,
};

const TITLE: Record<TRequestKind, string> = { wfh: 'Work-from-home requests', leave: 'Leave requests', visitor: 'Visitor notifications' };

/** /outlet/allRequest/{wfh, leave, visitor_notify}: what the manager may act on, pending first; visitors also the reception. */
export function AllRequestsScreen({ kind }: { kind: TRequestKind }) {
  const { menu } = useCurrentMenu(MENU_OF[kind]);
  const title = menu?.label ?? TITLE[kind];
  if (kind !== 'visitor') return <RequestsList kind={kind} title={title} />;
  return (
    <div className="grid gap-4">
      <PageHeader
        title={title}
        description="Visitors your staff expect, and the reception's marking of arrivals and departures."
        className="mb-0"
      />
      <Tabs defaultValue="reception">
        <TabsList>
          <TabsTrigger value="reception" data-testid="tab-reception">
            <ConciergeBell /> Today and tomorrow
          </TabsTrigger>
          <TabsTrigger value="requests" data-testid="tab-requests">
            <ListChecks /> All notifications
          </TabsTrigger>
        </TabsList>
        <TabsContent value="reception" className="mt-2">
          <Reception />
        </TabsContent>
        <TabsContent value="requests" className="mt-2">
          <RequestsList kind={kind} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export const AllWfhScreen = () => <AllRequestsScreen kind="wfh" />;
export const AllLeaveScreen = () => <AllRequestsScreen kind="leave" />;
export const AllVisitorScreen = () => <AllRequestsScreen kind="visitor" />;
