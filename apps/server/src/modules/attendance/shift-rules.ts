import { BadRequest } from '../../lib/errors';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

/** The shift master's rules: what the attendance rule engine needs a shift to mean. */
const shiftHooks: ResourceHooks = {
  beforeSave({ data }) {
    // A shift whose end is not after its start crosses midnight: it must be marked a night shift.
    const start = String(data.startTime);
    const end = String(data.endTime);
    if (start === end) throw new BadRequest('Invalid shift', { endTime: ['End time must differ from start time'] });
    if (end < start && !data.isNightShift) {
      throw new BadRequest('Invalid shift', {
        isNightShift: ['A shift ending before it starts crosses midnight: mark it as a night shift'],
      });
    }
    if (Number(data.halfDayMinHours) > Number(data.fullDayMinHours)) {
      throw new BadRequest('Invalid shift', {
        halfDayMinHours: ['Half-day minimum cannot exceed the full-day minimum'],
      });
    }
  },
};

/** Registers these rules with the masters registry (called once, from the module's manifest). */
export function registerShiftRules(): void {
  registerResourceHooks('shift', shiftHooks);
}
