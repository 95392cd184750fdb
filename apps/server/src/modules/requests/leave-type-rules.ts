import { BadRequest } from '../../lib/errors';
import { registerResourceHooks } from '../masters/hooks';

/** The leave type master's rules (leave policy). */
registerResourceHooks('leaveType', {
  beforeSave({ data }) {
    if (Number(data.carryForwardLimit) > 0 && Number(data.yearlyQuota) === 0) {
      throw new BadRequest('Invalid leave type', {
        carryForwardLimit: ['A leave with no yearly quota cannot carry forward'],
      });
    }
  },
});
