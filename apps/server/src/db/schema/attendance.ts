import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { units } from './core';

/**
 * Biometric terminals (ZKTeco / eSSL ADMS push protocol): the third kind of caller besides users and the
 * public. A device is identified by its serial number and, where it sends one, a communication key.
 */
export const biometricDevices = pgTable(
  'biometric_devices',
  {
    id: idColumn(),
    serialNumber: varchar('serial_number', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** IANA time zone of the device's clock: its punch times are read in it. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Kolkata'),
    /** sha-256 hex of the communication key, when the device must send one. */
    keyHash: text('key_hash'),
    /** Kept by the server: the device's last call, and the stamps it has sent up to (the protocol's ATTLOGStamp, OPERLOGStamp). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastAttlogStamp: varchar('last_attlog_stamp', { length: 40 }).notNull().default('0'),
    lastOperlogStamp: varchar('last_operlog_stamp', { length: 40 }).notNull().default('0'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('biometric_devices_serial_uq').on(t.serialNumber), index('biometric_devices_unit_idx').on(t.unitId)],
);
