import { BadRequest } from '../../lib/errors';
import { registerResourceHooks } from '../masters/hooks';
import { hashDeviceKey } from './auth';

/** The biometric device master's rules: a real time zone, and the communication key stored only as a hash. */
registerResourceHooks('biometricDevice', {
  beforeSave({ data }) {
    try {
      new Intl.DateTimeFormat('en-IN', { timeZone: String(data.timeZone) });
    } catch {
      throw new BadRequest('Invalid device', { timeZone: ['Not a time zone: use an IANA name such as Asia/Kolkata'] });
    }
    const key = data.commKey as string | null | undefined;
    delete data.commKey;
    if (key) data.keyHash = hashDeviceKey(key);
  },
});
