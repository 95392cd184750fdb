import { describe, expect, it } from 'vitest';
import { arrearsOf } from './arrears';

const BASIC = 1;
const DA = 2;
const HRA = 3;
const PF = 10;
const NET = 99;

describe('arrearsOf', () => {
  it('sums due − paid over the earning heads for three months', () => {
    const { lines, totalPaise } = arrearsOf(
      [
        {
          year: 2025,
          month: 4,
          paidNetOrHeads: new Map([
            [BASIC, 2000000],
            [DA, 500000],
            [HRA, 800000],
            [PF, 180000],
            [NET, 3120000],
          ]),
          dueHeads: new Map([
            [BASIC, 2200000],
            [DA, 550000],
            [HRA, 880000],
            [PF, 180000],
            [NET, 3450000],
          ]),
        },
        {
          // a joiner's partial month: prorated on both sides
          year: 2025,
          month: 5,
          paidNetOrHeads: new Map([
            [BASIC, 666667],
            [DA, 166667],
            [HRA, 266667],
          ]),
          dueHeads: new Map([
            [BASIC, 733333],
            [DA, 183333],
            [HRA, 293333],
            [PF, 100000],
          ]),
        },
        {
          // the new structure lowered a head: negative difference; a head paid but no longer due counts too
          year: 2025,
          month: 6,
          paidNetOrHeads: new Map([
            [BASIC, 2000000],
            [DA, 500000],
            [HRA, 100000],
          ]),
          dueHeads: new Map([
            [BASIC, 1950000],
            [DA, 500000],
          ]),
        },
      ],
      new Set([BASIC, DA, HRA]),
    );
    expect(lines).toEqual([
      { year: 2025, month: 4, differencePaise: 200000 + 50000 + 80000 },
      { year: 2025, month: 5, differencePaise: 66666 + 16666 + 26666 },
      { year: 2025, month: 6, differencePaise: -50000 - 100000 },
    ]);
    expect(totalPaise).toBe(330000 + 109998 - 150000);
  });

  it('gives nothing for no months', () => {
    expect(arrearsOf([], new Set([BASIC]))).toEqual({ lines: [], totalPaise: 0 });
  });
});
