import { BadRequest } from '../../lib/errors';
import { hashDeviceKey, parseCidrList } from '../access/device-auth';
import { registerResourceHooks } from '../masters/hooks';

/**
 * The biometric device master's rules: a real time zone, the communication key stored only as a hash, the addresses it
 * may call from as real addresses or ranges (stored canonical), and the units it also serves other than its own.
 */
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
    if (typeof data.allowedCidrs === 'string') {
      const { canonical, invalid } = parseCidrList(data.allowedCidrs);
      if (invalid.length) {
        throw new BadRequest('Invalid device', {
          allowedCidrs: [`Not an address or range: ${invalid.slice(0, 3).join(', ')} (e.g. 10.1.2.0/24 or 203.0.113.7)`],
        });
      }
      data.allowedCidrs = canonical || null;
    }
    if (Array.isArray(data.otherUnitIds)) data.otherUnitIds = data.otherUnitIds.filter((u) => u !== data.unitId);
  },
});
