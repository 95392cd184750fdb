import { writeFileSync } from 'node:fs';
import type { TSettlement } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { buildRelievingLetterDoc, buildServiceCertificateDoc, buildSettlementStatementDoc } from './exit-documents';
import { renderPdf } from './node';

export const SAMPLE_SETTLEMENT: TSettlement = {
  id: 7,
  separationId: 3,
  employeeId: 2,
  employeeCode: 'BLR0002',
  employeeName: 'Priya Sharma',
  designationName: 'Accounts Executive',
  departmentName: 'Finance',
  unitId: 1,
  unitName: 'Head Office Bengaluru',
  dateOfJoining: '2019-06-03',
  type: 'resignation',
  status: 'approved',
  lastDay: '2026-11-15',
  dueDate: '2026-11-18',
  overdue: false,
  salaryMonth: '2026-11',
  noticeWaived: false,
  waiverReason: null,
  earnings: 131500,
  deductions: 21500.5,
  net: 109999.5,
  computedAt: '2026-11-16T05:00:00Z',
  approvedAt: '2026-11-16T08:00:00Z',
  paymentStatus: 'pending',
  payMode: 'bank',
  paidOn: null,
  paymentReference: null,
  paymentFailure: null,
  lines: [
    { kind: 'salary', side: 'earning', label: 'Basic', amount: 15000, basis: '15 of 30 days of 2026-11', exempt: 0 },
    {
      kind: 'encashment',
      side: 'earning',
      label: 'Leave encashment — Earned Leave',
      amount: 16500,
      basis: '16.5 days × ₹30,000.00 ÷ 30',
      exempt: 16500,
    },
    { kind: 'gratuity', side: 'earning', label: 'Gratuity', amount: 100000, basis: '₹30,000.00 × 15 ÷ 26 × 6 years', exempt: 100000 },
    {
      kind: 'notice_recovery',
      side: 'deduction',
      label: 'Notice pay recovery (shortfall)',
      amount: 16000,
      basis: "16 of 30 days' notice not served",
      exempt: 0,
    },
    { kind: 'tds', side: 'deduction', label: 'TDS', amount: 5500.5, basis: 'Section 192', exempt: 0 },
  ],
};

describe('exit documents', () => {
  it('the statement prints every line, the net in figures and words, and the signatures', async () => {
    const doc = buildSettlementStatementDoc(SAMPLE_SETTLEMENT, {
      now: new Date('2026-11-16T06:00:00Z'),
      companyName: 'Sunrise Education Trust',
    });
    const json = JSON.stringify(doc.content);
    for (const l of SAMPLE_SETTLEMENT.lines!) expect(json).toContain(JSON.stringify(l.label));
    expect(json).toContain('"1,09,999.50"');
    expect(json).toContain('One Lakh Nine Thousand Nine Hundred Ninety Nine Rupees and Fifty Paise Only');
    expect(json).toContain('Employee’s Signature');
    expect(json).toContain('Sunrise Education Trust');
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.EXIT_PDF_DIR) writeFileSync(`${process.env.EXIT_PDF_DIR}/statement.pdf`, pdf);
  });

  it('a negative settlement is printed as the amount the employee owes', () => {
    const json = JSON.stringify(buildSettlementStatementDoc({ ...SAMPLE_SETTLEMENT, net: -2500 }).content);
    expect(json).toContain('Amount the employee owes');
    expect(json).toContain('"2,500.00"');
  });

  it('the relieving letter and experience certificate name the period of service', async () => {
    const r = JSON.stringify(buildRelievingLetterDoc(SAMPLE_SETTLEMENT).content);
    expect(r).toContain('15/11/2026');
    const c = JSON.stringify(buildServiceCertificateDoc(SAMPLE_SETTLEMENT).content);
    expect(c).toContain('from 03/06/2019 to 15/11/2026');
    if (process.env.EXIT_PDF_DIR) {
      writeFileSync(`${process.env.EXIT_PDF_DIR}/relieving.pdf`, await renderPdf(buildRelievingLetterDoc(SAMPLE_SETTLEMENT)));
      writeFileSync(`${process.env.EXIT_PDF_DIR}/experience.pdf`, await renderPdf(buildServiceCertificateDoc(SAMPLE_SETTLEMENT)));
    }
  });
});
