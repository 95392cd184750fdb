// The import's fast path (import-fast.ts) must accept only what ZEmployeeInput accepts, and give the same values:
// checked here on generated rows and on each field of them changed to values of every kind (good, bad, edge).
import { ZEmployeeBase, ZEmployeeInput } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { fastEmployeeValues } from '../../src/modules/employees/import-fast';
import { toValues } from '../../src/modules/employees/service';

/** A row's payload as checkRow builds it (ids for the references, booleans, weekly offs as codes). */
function rawRow(i: number): Record<string, unknown> {
  const { aadhaarFull, ...e } = demoEmployee(i, { unitIds: [1, 2, 3], departmentIds: [4, 5], designationIds: [6, 7, 8] }, 'FST', 3);
  const raw: Record<string, unknown> = { ...e, aadhaar: aadhaarFull, status: 'active', weeklyOffs: [0], pfApplicable: true };
  for (const k of ['mobileCodeId', 'reportingManagerId', 'epfWagesAtJoining', 'epfFirstJoined']) delete raw[k];
  return raw;
}

/** zod's verdict, as the import used it: the values toValues makes, or null when refused. */
function viaZod(raw: Record<string, unknown>) {
  const parsed = ZEmployeeInput.safeParse(raw);
  return parsed.success ? toValues(parsed.data) : null;
}

function agree(raw: Record<string, unknown>) {
  const fast = fastEmployeeValues({ ...raw });
  const zod = viaZod({ ...raw });
  if (fast === null) return zod === null ? 'both refuse' : 'zod decides';
  expect(zod, `zod refuses what the fast path took: ${JSON.stringify(raw)}`).not.toBeNull();
  expect(fast).toStrictEqual(zod);
  return 'same';
}

const CASES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '  x  ',
  'a',
  'ab',
  'Ab Cd',
  'x'.repeat(21),
  'x'.repeat(61),
  'x'.repeat(151),
  'x'.repeat(301),
  'x'.repeat(501),
  'line\nbreak',
  'tab\there',
  'bell\u0007',
  'sep\u2028',
  '9845012345',
  ' 9845012345 ',
  '5845012345',
  '984501234',
  '560011',
  '060011',
  '1994-07-21',
  '1994-02-30',
  '2030-01-01',
  '21-07-1994',
  'abcpe1234f',
  'ABCPE1234F',
  'ABCXE1234F',
  'HDFC0000523',
  'hdfc0000523',
  'HDFC1000523',
  '50100123456789',
  '5010 0123 4567 89',
  '123456789012',
  '1234567890',
  '12345678901234567',
  '234123412346',
  '2341 2341 2346',
  'A+',
  'AB-',
  'Z+',
  'Male',
  'male',
  'active',
  'exited',
  'onNotice',
  'BLR-0101',
  'bad code!',
  ' BLR-0102 ',
  'PIN42',
  'ann@example.in',
  'Ann@Example.IN',
  'not-an-email',
  `${'a'.repeat(195)}@x.in`,
  0,
  1,
  2,
  3,
  4,
  -1,
  1.5,
  Number.NaN,
  2 ** 53,
  true,
  false,
  [],
  [0],
  [0, 26, 46],
  [7],
  [67],
  Array.from({ length: 15 }, () => 0),
  {},
];

describe('the import fast path agrees with ZEmployeeInput', () => {
  it('covers every field of the schema', () => {
    const fast = fastEmployeeValues(rawRow(1));
    expect(fast).not.toBeNull();
    const keys = Object.keys(ZEmployeeBase.shape).filter((k) => k !== 'aadhaar');
    expect(Object.keys(fast ?? {}).sort()).toEqual([...keys, 'aadhaarLast4'].sort());
  });

  it('takes the generated rows and gives what zod and toValues give', () => {
    for (let i = 1; i <= 500; i++) expect(agree(rawRow(i))).toBe('same');
  });

  it('never takes a value zod refuses, field by field', () => {
    const keys = Object.keys(ZEmployeeBase.shape);
    const outcomes = new Map<string, number>();
    for (const key of keys) {
      for (const value of CASES) {
        for (const i of [1, 2]) {
          const raw = rawRow(i);
          if (value === undefined) delete raw[key];
          else raw[key] = value;
          const o = agree(raw);
          outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
        }
      }
    }
    // Most changes are refused or left to zod; a fair number are taken, and each of those agreed above.
    expect(outcomes.get('same')).toBeGreaterThan(200);
  });

  it('leaves the cross-field rules to zod', () => {
    const cases: Record<string, unknown>[] = [
      { status: 'exited' },
      { status: 'exited', exitDate: '2030-01-01' },
      { exitDate: '1990-01-01' },
      { confirmationDate: '1990-01-01' },
      { confirmationDate: '2030-01-01' },
      { dateOfBirth: '2030-01-01' },
      { esiApplicable: true },
      { esiApplicable: true, esiNumber: '1234567890' },
      { payModeId: 2, bankAccountNo: null },
      { payModeId: 2, ifsc: null },
      { payModeId: 1, bankAccountNo: null, ifsc: null },
      { epfWagesAtJoining: '15000', epfFirstJoined: '2015-01-01' },
    ];
    for (const c of cases) agree({ ...rawRow(3), ...c });
  });
});
