import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { registerDayRequestsReader } from '../attendance/compute';
import { APPROVAL_KINDS } from './approval-kinds';
import { readDayRequests } from './day-requests';
import { requestDecisionRoutes } from './decision-routes';
import { leavePostJob } from './jobs';
import { leaveTypeOptionRoutes } from './leave-eligibility';
import { leaveRoutes } from './leave-routes';
import { registerLeaveTypeRules } from './leave-type-rules';
import { notificationRoutes } from './notification-routes';
import { emailNotificationsJob } from './notify';
import { requestListRoutes, requestRoutes } from './routes';
import { visitorRoutes } from './visitor-routes';

export const requestsModule = defineModule({
  name: 'requests',
  setup() {
    registerLeaveTypeRules();
    for (const kind of Object.values(APPROVAL_KINDS)) registerApprovalKind(kind);
    // Approved leave and work from home reach daily attendance through this reader.
    registerDayRequestsReader(readDayRequests);
  },
  routes: [requestRoutes, requestListRoutes, requestDecisionRoutes, leaveRoutes, visitorRoutes, notificationRoutes, leaveTypeOptionRoutes],
  jobs: [leavePostJob, emailNotificationsJob],
  // Leave credits and the year-end (jobs.ts): posted within hours of the 1st; reads never post.
  schedules: [{ job: leavePostJob, everyMs: 6 * 3_600_000 }],
});
