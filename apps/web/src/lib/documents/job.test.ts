import type { TEmployeeSalaryRecord, TIdCard, TIdCardBatch } from '@hr/contract';
import { SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from '@hr/documents';
import { describe, expect, it } from 'vitest';
import { runPdfJob } from './job';

const card = (i: number): TIdCard => ({
  employeeId: i,
  name: `Employee ${i}`,
  employeeCode: `BLR${String(i).padStart(4, '0')}`,
  designation: 'Accounts Executive',
  department: 'Finance & Accounts',
  unit: 'Head Office Bengaluru',
  bloodGroup: 'O+',
  photo: null,
  address: '12, 4th Cross, Jayanagar, Bengaluru, 560041',
  emergencyContact: 'Suresh Sharma (Father), 9845098450',
  mobile: '9845012345',
  validUntil: '31-03-2027',
});
const batch = (cards: TIdCard[], extra: Partial<TIdCardBatch> = {}): TIdCardBatch => ({
  organisationName: 'Sunrise Educational & Healthcare Services Pvt. Ltd.',
  organisationAddress: 'No. 42, Residency Road, Bengaluru 560025',
  logo: null,
  cards,
  ...extra,
});
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const pages = (bytes: Uint8Array) => (text(bytes).match(/\/Type \/Page\b/g) ?? []).length;

describe('the idCards job of the documents worker', () => {
  it("prints one employee's card front and back on card-size pages", async () => {
    const { bytes, fileName } = await runPdfJob({ kind: 'idCards', batch: batch([card(2)]), layout: 'card' });
    expect(text(bytes.slice(0, 5))).toBe('%PDF-');
    expect(fileName).toBe('ID_Card_BLR0002.pdf');
    expect(pages(bytes)).toBe(2);
  });

  it("prints a unit's batch on A4 sheets, fronts then backs", async () => {
    const cards = Array.from({ length: 10 }, (_, i) => card(i + 1));
    const { bytes, fileName } = await runPdfJob({ kind: 'idCards', batch: batch(cards), layout: 'a4' });
    expect(fileName).toBe('ID_Cards_HeadOfficeBengaluru.pdf');
    expect(pages(bytes)).toBe(4);
  });

  it('prints an unreadable photo or logo as an empty image', async () => {
    const broken = 'data:image/png;base64,AAAA';
    const { bytes } = await runPdfJob({ kind: 'idCards', batch: batch([{ ...card(3), photo: broken }], { logo: broken }), layout: 'card' });
    expect(pages(bytes)).toBe(2);
  });

  it('refuses a malformed batch with a clear error', async () => {
    await expect(runPdfJob({ kind: 'idCards', batch: { cards: [] } as unknown as TIdCardBatch, layout: 'card' })).rejects.toThrow(
      /organisationName/,
    );
  });
});

describe('the payslips job of the documents worker', () => {
  it('prints the batch when one slip has a head amount that is not a number, that slip as an error page', async () => {
    const [basic, tax] = SAMPLE_RECORD_MEERA.salaryProcessDetailRequestList;
    // What a damaged server record looks like once it has crossed into the worker: the amount is text.
    const broken = {
      ...SAMPLE_RECORD_MEERA,
      name: 'Broken Slip',
      employeeCode: 'EMP-0999',
      salaryProcessDetailRequestList: [basic, { ...tax, amount: 'one fifty' }],
    } as unknown as TEmployeeSalaryRecord;
    const { bytes, fileName, problems } = await runPdfJob({
      kind: 'payslips',
      records: [SAMPLE_RECORD_ANANYA, broken, SAMPLE_RECORD_KARTHIK],
    });
    expect(text(bytes.slice(0, 5))).toBe('%PDF-');
    expect(fileName).toBe('Pay_Slip_HeadOfficeBranchChennai(South)_April_2026.pdf');
    expect(pages(bytes)).toBe(3);
    expect(problems).toEqual(["Broken Slip (EMP-0999): Salary head 'Professional Tax' (11) has the amount 'one fifty', not a number"]);
  });

  it("prints the organisation's wage slip layout when the records carry it", async () => {
    const wage = { ...SAMPLE_RECORD_MEERA, payslipLayout: 'wageSlip' } as TEmployeeSalaryRecord;
    const { bytes, problems } = await runPdfJob({ kind: 'payslips', records: [wage, { ...wage, employeeCode: 'EMP-0151' }] });
    expect(text(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pages(bytes)).toBe(2);
    expect(problems).toEqual([]);
    // The wage slip is a pdfmake definition (its info says so); the payslip is drawn by the payslip renderer.
    expect(text(bytes)).toContain('pdfmake');
    expect(text((await runPdfJob({ kind: 'payslips', records: [SAMPLE_RECORD_MEERA] })).bytes)).not.toContain('pdfmake');
  });

  it('reports nothing for a sound batch, and still refuses a malformed record', async () => {
    expect((await runPdfJob({ kind: 'payslips', records: [SAMPLE_RECORD_MEERA] })).problems).toEqual([]);
    const nameless = { ...SAMPLE_RECORD_MEERA, name: undefined } as unknown as TEmployeeSalaryRecord;
    await expect(runPdfJob({ kind: 'payslips', records: [nameless] })).rejects.toThrow(/name/);
  });
});
