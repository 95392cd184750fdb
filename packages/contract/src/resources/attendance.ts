import { z } from 'zod';
import { defineResource } from './define';
import type { TField } from './field';
import { f } from './fields';

/**
 * A communication key some terminals send with every call. Stored hashed; left empty on an update it
 * keeps the current key.
 */
const commKey = {
  kind: 'password',
  label: 'Communication key',
  required: false,
  help: 'Optional: when set, the device must send this key (header x-device-key or ?key=); leave empty to keep the current one',
  zod: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{4,64}$/, '4 to 64 letters or digits'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
} satisfies TField;

/**
 * A biometric attendance terminal (ZKTeco / eSSL, ADMS push protocol). It calls the server with its serial
 * number; an unregistered or inactive serial is refused. The server keeps its last contact and stamps.
 */
export const biometricDevice = defineResource({
  name: 'biometricDevice',
  path: 'biometric-device',
  title: 'Biometric Device',
  singular: 'Device',
  fields: {
    serialNumber: f.text('Serial number', {
      max: 40,
      help: 'As the device reports it (SN), e.g. CQUJ221460123',
      sample: (n) => `SN${n.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`.slice(0, 40),
    }),
    name: f.text('Name', { max: 120 }),
    unitId: f.select('Unit', 'unit'),
    timeZone: f.text('Time zone', {
      max: 64,
      help: 'The IANA time zone the device clock runs in, e.g. Asia/Kolkata',
      sample: () => 'Asia/Kolkata',
    }),
    commKey,
    allowedCidrs: {
      kind: 'text',
      label: 'Allowed addresses',
      required: false,
      help: 'Optional: the addresses or ranges the device calls from, comma separated (e.g. 10.1.2.0/24, 203.0.113.7); empty: any address. A device with neither a key nor addresses is flagged on the devices screen',
      zod: z
        .union([
          z
            .string()
            .trim()
            .max(500, 'At most 500 characters')
            .regex(/^[0-9A-Fa-f:./,\s]*$/, 'Addresses or ranges such as 10.1.2.0/24 or 203.0.113.7, separated by commas'),
          z.null(),
        ])
        .optional()
        .transform((v) => (v ? v : null)),
      sample: () => null,
    } satisfies TField,
    keepPhotos: f.boolean('Keep attendance photos', {
      help: 'Photos the device takes at a punch are kept with the punch; off: they are acknowledged and dropped',
      default: true,
    }),
    otherUnitIds: f.multiselect('Also serves units', 'unit', {
      help: "Units whose staff also punch on this device (a shared gate); a punch of anyone else's staff is kept unmatched",
      emptyIsNone: true,
    }),
  },
  columns: ['serialNumber', 'name', 'unitId', 'timeZone'],
  searchable: ['serialNumber', 'name'],
  filters: ['unitId'],
  unique: [['serialNumber']],
  defaultSort: { field: 'name', dir: 'asc' },
  unitScoped: 'unitId',
});
