import { defineModule } from '../../lib/module';
import { approvalsRoutes } from './routes';

/** Approvals: each area's screens decide through the approvals service; the approver's inbox lists them all. */
export const approvalsModule = defineModule({ name: 'approvals', routes: [approvalsRoutes] });
