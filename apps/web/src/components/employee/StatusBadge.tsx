import { STATUS_LABEL, type TEmployee } from '@hr/contract';
import { Badge } from '@/components/ui/badge';

const VARIANT = { active: 'success', onNotice: 'warning', exited: 'outline' } as const;

export function StatusBadge({ status }: { status: TEmployee['status'] }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="employee-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
