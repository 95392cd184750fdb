import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { useCurrentMenu } from '@/lib/useCurrentMenu';

type RoleLine = {
  id: number;
  name: string;
  isAdmin: boolean;
  isSelfService: boolean;
  isActive: boolean;
  userCount: number;
  menuCount: number;
};

/** configure/roleWiseMenuAccess: the roles, each opening its access grid. */
export function RoleWiseMenuAccessScreen() {
  const { actions } = useCurrentMenu(MENU.roleWiseMenuAccess);
  const roles = useQuery({
    queryKey: ['access', 'roles'],
    queryFn: ({ signal }) => api.get<RoleLine[]>(apiPath('/api/access/roles'), undefined, { signal }),
  });
  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="role-wise-menu-access">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="screen-title">
          Role Wise Menu Access
        </h1>
        <p className="text-sm text-muted-foreground">Choose a role to set what it may view, add, edit, delete and approve.</p>
      </div>
      <Card>
        <CardContent className="p-4">
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Role</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead className="text-right">Users</TableHead>
                  <TableHead className="text-right">Screens</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {(roles.data ?? []).map((r) => (
                  <TableRow key={r.id} data-testid="list-row">
                    <TableCell className="font-medium">{r.name}</TableCell>
                    <TableCell>{r.isAdmin ? 'Administrator' : r.isSelfService ? 'Self service' : 'Unit-wise'}</TableCell>
                    <TableCell className="text-right">{r.userCount}</TableCell>
                    <TableCell className="text-right">{r.menuCount}</TableCell>
                    <TableCell>
                      {r.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button variant="outline" size="sm" asChild data-testid="open-access">
                        <Link to={`${MENU.roleWiseMenuAccess}/${encryptParam(r.id)}`}>
                          <ShieldCheck /> {actions.edit ? 'Set access' : 'View access'}
                        </Link>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

export default RoleWiseMenuAccessScreen;
