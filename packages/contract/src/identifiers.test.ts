import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isIdentifier, zIdentifier, zOptionalCoordinate, zOptionalIdentifier } from './identifiers';
import { installPlainMessages } from './messages';
import { area } from './resources/lookups';
import { earningDeduction, unit as unitResource } from './resources/masters';

installPlainMessages();

const problem = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('identifier shapes', () => {
  it('take the real shapes and refuse the rest', () => {
    const cases: [Parameters<typeof isIdentifier>[0], string[], string[]][] = [
      ['pfEstablishment', ['KN/BNG/0012345/000', 'KNBNG0012345000', 'tn/mas/0045678/000'], ['xyz', 'KN/BNG/12345', 'KN BNG 0012345 000']],
      ['esicEmployer', ['53000123450001001'], ['12', '5300012345000100', '5300012345000100A']],
      ['tan', ['BLRS12345C', 'blra12345b'], ['BLR12345C', 'BLRS1234CC', 'BLRS 12345C']],
      ['pan', ['AAFCS1234K', 'ABCPE1234F'], ['AAFXS1234K', 'AAFCS12345', 'AAFC1234K']],
      ['gstin', ['29AAFCS1234K1Z5'], ['29AAFCS1234K1Y5', 'AAFCS1234K', '2AAFCS1234K1Z5']],
      ['ifsc', ['HDFC0000123', 'sbin0001234'], ['HDFC1000123', 'HDF0000123', 'HDFC00001234']],
      ['pincode', ['560011', '110001'], ['060011', '56001', '5600111', '56OO11']],
      ['code', ['HO-BLR', 'CL', 'KN/BNG/0012345/000', 'A.B_C'], ['HO BLR', 'P*ZQDJE6', '-X', 'X-', '']],
      ['headCode', ['BASIC', 'SPL_ALW', '_X1'], ['P*ZQDJE6', 'HRA-2', '1BASIC', 'SPL ALW']],
    ];
    for (const [kind, good, bad] of cases) {
      for (const v of good) expect(isIdentifier(kind, v), `${kind} ${v}`).toBe(true);
      for (const v of bad) expect(isIdentifier(kind, v), `${kind} ${v}`).toBe(false);
    }
  });

  it('name the field and the shape in the message, and keep the text upper-cased', () => {
    expect(problem(zIdentifier('tan', 'TAN'), 'ABC')).toBe('TAN must be four letters, five digits and a letter (AAAA99999A)');
    expect(problem(zIdentifier('tan', 'TAN'), '')).toBe('TAN is required');
    expect(zIdentifier('tan', 'TAN').parse(' blrs12345c ')).toBe('BLRS12345C');
    expect(zOptionalIdentifier('esicEmployer', 'ESI registration no.').parse('')).toBeNull();
    expect(zOptionalIdentifier('esicEmployer', 'ESI registration no.').parse(null)).toBeNull();
    expect(problem(zOptionalIdentifier('esicEmployer', 'ESI registration no.'), '12')).toBe(
      'ESI registration no. must be 17 digits (e.g. 53000123450001001)',
    );
  });

  it('keep coordinates within their ranges', () => {
    const lat = zOptionalCoordinate('latitude', 'Geofence latitude');
    expect(lat.parse('12.971599')).toBe('12.971599');
    expect(lat.parse(-33.5)).toBe('-33.5');
    expect(lat.parse('')).toBeNull();
    expect(problem(lat, '200')).toMatch(/^Geofence latitude must be a number of degrees from -90 to 90/);
    expect(problem(lat, '12.1234567')).toMatch(/^Geofence latitude must be/);
    const lon = zOptionalCoordinate('longitude', 'Geofence longitude');
    expect(lon.parse('177.594566')).toBe('177.594566');
    expect(problem(lon, '-180.5')).toMatch(/^Geofence longitude must be a number of degrees from -180 to 180/);
  });

  it('reach the unit master, the heads and the look-ups', () => {
    const unit = unitResource.fields;
    expect(problem(unit.pfRegistrationNo.zod, 'xyz')).toMatch(/^PF registration no\. must be two letters/);
    expect(problem(unit.esiRegistrationNo.zod, '12')).toMatch(/^ESI registration no\. must be 17 digits/);
    expect(problem(unit.geoLatitude.zod, '200')).toMatch(/^Geofence latitude must be/);
    expect(problem(unit.code.zod, 'HO BLR')).toMatch(/^Code must be letters and digits/);
    expect(problem(earningDeduction.fields.code.zod, 'P*ZQDJE6')).toMatch(/^Code must be a letter, then letters, digits or _/);
    expect(problem(area.fields.pinCode.zod, '06001')).toMatch(/^PIN code must be six digits/);
  });
});
