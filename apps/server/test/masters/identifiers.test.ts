// Identifier shapes wherever they are entered (issue 28), through the shared schemas (packages/contract identifiers.ts):
// the unit master (PF and ESIC codes, TAN, PAN, coordinates, its code), a head's code, a look-up's PIN code, a PF /
// ESIC establishment, the employee form and a unit's bank account answer 400 naming each field and its shape. The
// seeded records conform to the same schemas (what every edit of them would be checked by).
import { RESOURCES } from '@hr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { samplePayload } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

const fieldErrors = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
};

describe('identifier shapes', () => {
  it('the unit master refuses a PF code "xyz", an ESIC code "12", latitude 200, a code with a space, a bad TAN and PAN', async () => {
    const unit = RESOURCES.find((r) => r.name === 'unit');
    if (!unit) throw new Error('no unit resource');
    const good = await samplePayload(admin, unit);
    const errors = fieldErrors(
      await admin.post('/api/resources/unit', {
        ...good,
        code: 'HO BLR2',
        pfRegistrationNo: 'xyz',
        esiRegistrationNo: '12',
        tan: 'BLR12345C',
        deductorPan: 'AAFC1234K',
        geoLatitude: '200',
        geoLongitude: '-181',
      }),
    );
    expect(errors.code?.[0]).toMatch(/^Code must be letters and digits, with - _ \. \/ between them and no spaces/);
    expect(errors.pfRegistrationNo?.[0]).toMatch(/^PF registration no\. must be two letters, three letters, seven digits/);
    expect(errors.esiRegistrationNo?.[0]).toBe('ESI registration no. must be 17 digits (e.g. 53000123450001001)');
    expect(errors.tan?.[0]).toBe('TAN must be four letters, five digits and a letter (AAAA99999A)');
    expect(errors.deductorPan?.[0]).toMatch(/^PAN of the deductor must be five letters, four digits and a letter/);
    expect(errors.geoLatitude?.[0]).toMatch(/^Geofence latitude must be a number of degrees from -90 to 90/);
    expect(errors.geoLongitude?.[0]).toMatch(/^Geofence longitude must be a number of degrees from -180 to 180/);
    // The same values in their shapes are saved, upper-cased.
    const ok = await admin.post('/api/resources/unit', {
      ...good,
      pfRegistrationNo: 'kn/bng/0099999/000',
      esiRegistrationNo: '53000999990001001',
      geoLatitude: '12.971599',
      geoLongitude: '77.594566',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ pfRegistrationNo: 'KN/BNG/0099999/000', esiRegistrationNo: '53000999990001001' });
  });

  it('a head’s code is a formula name ("P*ZQDJE6" refused); a look-up’s PIN code is six digits', async () => {
    const head = RESOURCES.find((r) => r.name === 'earningDeduction');
    if (!head) throw new Error('no head resource');
    const errors = fieldErrors(
      await admin.post('/api/resources/earningDeduction', { ...(await samplePayload(admin, head)), code: 'P*ZQDJE6' }),
    );
    expect(errors.code?.[0]).toMatch(/^Code must be a letter, then letters, digits or _/);
    const area = RESOURCES.find((r) => r.name === 'area');
    if (!area) throw new Error('no area resource');
    const pin = fieldErrors(await admin.post('/api/resources/area', { ...(await samplePayload(admin, area)), pinCode: '06001' }));
    expect(pin.pinCode?.[0]).toBe('PIN code must be six digits, not starting with 0 (e.g. 560011)');
  });

  it('an establishment’s code is of its kind’s shape', async () => {
    const base = { name: 'Works', unitIds: [] };
    const pf = fieldErrors(await admin.post('/api/resources/statutoryEstablishment', { ...base, kind: 'pf', code: 'XYZ' }));
    expect(pf.code?.[0]).toMatch(/^An EPFO establishment code must be two letters/);
    const esi = fieldErrors(await admin.post('/api/resources/statutoryEstablishment', { ...base, kind: 'esi', code: '12' }));
    expect(esi.code?.[0]).toBe('ESIC’s employer code must be 17 digits (e.g. 53000123450001001)');
  });

  it('the employee form and a unit’s bank account refuse a PAN, IFSC or PIN code out of shape', async () => {
    const res = await admin.post('/api/employees', {
      name: 'Meera Iyer',
      pan: 'ABCDE12345',
      ifsc: 'HDFC1000123',
      presentPincode: '012345',
    });
    const errors = fieldErrors(res);
    expect(errors.pan?.[0]).toMatch(/^PAN must be five letters, four digits and a letter/);
    expect(errors.ifsc?.[0]).toMatch(/^IFSC must be four letters, a zero and six letters or digits/);
    expect(errors.presentPincode?.[0]).toMatch(/^PIN code must be six digits, not starting with 0/);
    const bank = fieldErrors(
      await admin.put('/api/payments/accounts/1', {
        accountNo: '50100123456789',
        ifsc: 'HDFC1000123',
        bankName: 'HDFC Bank',
        branch: 'MG Road',
      }),
    );
    expect(bank.ifsc?.[0]).toMatch(/^IFSC must be four letters, a zero/);
  });

  it('refuses a caller without the unit master’s edit action before any check (403)', async () => {
    const clerk = await createUnitLimitedUser(t, { menus: [], unitIds: [1] });
    expect((await clerk.api.post('/api/resources/unit', { code: 'HO BLR' })).statusCode).toBe(403);
  });
});

describe('the seeded records', () => {
  it('hold codes and identifiers of the shapes their forms ask for', async () => {
    const shaped = new Set([
      'code',
      'pfRegistrationNo',
      'esiRegistrationNo',
      'tan',
      'deductorPan',
      'geoLatitude',
      'geoLongitude',
      'pinCode',
    ]);
    const problems: string[] = [];
    let checked = 0;
    for (const r of RESOURCES) {
      const fields = Object.entries(r.fields).filter(([k]) => shaped.has(k));
      if (!fields.length) continue;
      const res = await admin.get(`/api/resources/${r.name}`, { pageSize: 500 });
      if (res.statusCode !== 200) continue; // a resource served otherwise (mappings)
      for (const row of res.json().rows as Record<string, unknown>[])
        for (const [k, def] of fields) {
          if (row[k] === undefined) continue;
          checked++;
          const parsed = def.zod.safeParse(row[k]);
          if (!parsed.success) problems.push(`${r.name} ${row.id} ${k}=${JSON.stringify(row[k])}: ${parsed.error.issues[0]?.message}`);
        }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});
