import { defineModule } from '../../lib/module';
import { leavePostJob } from './jobs';
import { registerLeaveTypeRules } from './leave-type-rules';
import { requestRoutes } from './routes';

export const requestsModule = defineModule({
  name: 'requests',
  setup: registerLeaveTypeRules,
  routes: [requestRoutes],
  // Leave credits and the year-end (jobs.ts): posted within hours of the 1st; reads never post.
  schedules: [{ job: leavePostJob, everyMs: 6 * 3_600_000 }],
});
