import { defineModule } from '../../lib/module';

/** Approvals have no routes of their own: each area's screens decide through the approvals service. */
export const approvalsModule = defineModule({ name: 'approvals' });
