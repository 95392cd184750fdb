import { defineModule } from '../../lib/module';
import { form16BatchJob } from './job';
import { form16Routes } from './routes';

export const form16Module = defineModule({
  name: 'form16',
  routes: [form16Routes],
  jobs: [form16BatchJob],
});
