import { describe, expect, it } from 'vitest';
import { bandProblems, bandStartAfter, bandText, STATUTORY_PARAMETER_KINDS, withoutBandStarts } from './statutory-admin';

describe('statutory parameter kinds', () => {
  it('come from the row shapes, the state-wise ones marked', () => {
    expect(STATUTORY_PARAMETER_KINDS).toEqual(
      expect.arrayContaining([
        { kind: 'pf', perState: false },
        { kind: 'pt', perState: true },
        { kind: 'lwf', perState: true },
        { kind: 'income_tax_new', perState: false },
        { kind: 'income_tax_old', perState: false },
      ]),
    );
  });
});

describe('bandProblems', () => {
  it('accepts bands that follow one another and end open-ended (Maharashtra PT, Schedule I entry 1)', () => {
    const slabs = [
      { upTo: 7500, amount: 0 },
      { upTo: 10000, amount: 175 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ];
    expect(bandProblems({ slabs })).toEqual({});
    expect(bandProblems({ slabs: slabs.map((s, i) => ({ ...s, from: [0, 7501, 10001][i] })) })).toEqual({});
    // Karnataka's ₹24,999.99: the next band begins at ₹25,000.
    expect(
      bandProblems({
        slabs: [
          { upTo: 24999.99, amount: 0 },
          { from: 25000, upTo: null, amount: 200 },
        ],
      }),
    ).toEqual({});
  });

  it('names the band that overlaps the one before', () => {
    const p = bandProblems({
      slabs: [
        { from: 0, upTo: 15000, amount: 0 },
        { from: 15001, upTo: 20000, amount: 150 },
        { from: 18000, upTo: 25000, amount: 175 },
        { from: 25001, upTo: null, amount: 200 },
      ],
    });
    expect(p).toEqual({ 'data.slabs.2.from': ['Band ₹18,000–₹25,000 overlaps ₹15,001–₹20,000'] });
  });

  it('names the incomes a gap leaves out, and an upper limit lower than the one before', () => {
    expect(
      bandProblems({
        bands: [
          { from: 0, upTo: 15000, employee: 0, employer: 0 },
          { from: 20001, upTo: null, employee: 6, employer: 12 },
        ],
      }),
    ).toEqual({ 'data.bands.1.from': ['₹15,001–₹20,000 falls in no band: band ₹20,001 and above must begin where ₹0–₹15,000 ends'] });
    expect(
      bandProblems({
        slabs: [
          { upTo: 400000, rate: 0 },
          { upTo: 300000, rate: 5 },
          { upTo: null, rate: 10 },
        ],
      }),
    ).toEqual({ 'data.slabs.1.upTo': ['Band ₹4,00,001–₹3,00,000 ends before it begins (the band before ends at ₹4,00,000)'] });
  });

  it('wants the last band open-ended and only the last', () => {
    expect(bandProblems({ femaleSlabs: [{ upTo: 25000, amount: 0 }] })).toEqual({
      'data.femaleSlabs.0.upTo': ['Above ₹25,000 falls in no band: leave the last band’s upper limit empty (open-ended)'],
    });
    expect(
      bandProblems({
        slabs: [
          { upTo: null, rate: 0 },
          { upTo: null, rate: 5 },
        ],
      }),
    ).toEqual({
      'data.slabs.1.upTo': ['Band ₹0 and above overlaps ₹0 and above: only the last band may be open-ended'],
    });
  });

  it('wants surcharge thresholds rising', () => {
    expect(
      bandProblems({
        surcharge: [
          { above: 5000000, rate: 10 },
          { above: 5000000, rate: 15 },
        ],
      }),
    ).toEqual({
      'data.surcharge.1.above': ['Surcharge above ₹50,00,000 overlaps the one above ₹50,00,000: list them in rising order'],
    });
  });

  it('reads bands as a person writes them, and stores them without their starts', () => {
    expect(bandStartAfter(null)).toBe(0);
    expect(bandStartAfter(7500)).toBe(7501);
    expect(bandStartAfter(24999.99)).toBe(25000);
    expect(bandText(15001, 20000)).toBe('₹15,001–₹20,000');
    expect(bandText(25000, null)).toBe('₹25,000 and above');
    expect(withoutBandStarts({ slabs: [{ from: 0, upTo: null, amount: 1 }], frequency: 'monthly' })).toEqual({
      slabs: [{ upTo: null, amount: 1 }],
      frequency: 'monthly',
    });
  });
});
