import { defineModule } from '../../lib/module';
import { pruneSessionsJob } from './prune';
import { authRoutes } from './routes';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  jobs: [pruneSessionsJob],
  // Forgets ended sessions and old failed sign-ins.
  schedules: [{ job: pruneSessionsJob, everyMs: 3_600_000 }],
});
