import { defineModule } from '../../lib/module';
import { registerAccessRules } from './resource-rules';

/** The access masters' rules (roles, modules, menus, users, user-wise unit mapping): who may hand out what. */
export const accessAdminModule = defineModule({
  name: 'access-admin',
  setup: registerAccessRules,
});
