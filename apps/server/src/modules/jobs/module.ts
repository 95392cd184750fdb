import { pruneJobsJob } from '../../jobs/scheduled';
import { defineModule } from '../../lib/module';
import { jobRoutes } from './routes';

export const jobsModule = defineModule({
  name: 'jobs',
  routes: [jobRoutes],
  jobs: [pruneJobsJob],
  // Forgets finished jobs after 30 days.
  schedules: [{ job: pruneJobsJob, everyMs: 86_400_000 }],
});
