import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { registerDayRequestsReader } from '../attendance/compute';
import { leavePostJob } from './jobs';
import { leaveTypeOptionRoutes } from './leave-eligibility';
import { registerLeaveTypeRules } from './leave-type-rules';
import { requestRoutes } from './routes';
import { APPROVAL_KINDS, readDayRequests } from './service';

export const requestsModule = defineModule({
  name: 'requests',
  setup() {
    registerLeaveTypeRules();
    for (const kind of Object.values(APPROVAL_KINDS)) registerApprovalKind(kind);
    // Approved leave and work from home reach daily attendance through this reader.
    registerDayRequestsReader(readDayRequests);
  },
  routes: [requestRoutes, leaveTypeOptionRoutes],
  // Leave credits and the year-end (jobs.ts): posted within hours of the 1st; reads never post.
  schedules: [{ job: leavePostJob, everyMs: 6 * 3_600_000 }],
});
