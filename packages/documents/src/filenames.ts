import { monthName } from '@hr/calendar';
import type { TEmployeeSalaryRecord } from '@hr/contract';
import { underAct2025 } from '@hr/payroll';

/**
 * {units} of the spec's file names: the distinct unit names of the batch in order of appearance,
 * joined by commas, then every character other than an ASCII letter, a digit or a parenthesis
 * removed — which removes the commas and spaces too ('Head Office, Chennai (South)' → 'HeadOfficeChennai(South)').
 */
export function unitsForFileName(records: readonly Pick<TEmployeeSalaryRecord, 'unitName'>[]): string {
  const distinct = [...new Set(records.map((r) => r.unitName))];
  return distinct.join(',').replace(/[^A-Za-z0-9()]/g, '');
}

function monthAndYear(records: readonly Pick<TEmployeeSalaryRecord, 'month' | 'year'>[]): string {
  const first = records[0];
  if (!first) throw new RangeError('A document needs at least one salary record');
  return `${monthName(first.month)}_${first.year}`;
}

/** 'Pay_Slip_{units}_{MonthName}_{year}.pdf'; month and year come from the first record. */
export function payslipFileName(records: readonly Pick<TEmployeeSalaryRecord, 'unitName' | 'month' | 'year'>[]): string {
  return `Pay_Slip_${unitsForFileName(records)}_${monthAndYear(records)}.pdf`;
}

/** 'Salary_Signing_Sheet_{units}_{MonthName}_{year}.pdf'; month and year come from the first record. */
export function signingSheetFileName(records: readonly Pick<TEmployeeSalaryRecord, 'unitName' | 'month' | 'year'>[]): string {
  return `Salary_Signing_Sheet_${unitsForFileName(records)}_${monthAndYear(records)}.pdf`;
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** The employee's part of a Form 16 file name: the PAN, or 'PANNOTAVBL_{code}' (TRACES' word) without a valid one. */
function form16Person(employee: { pan: string | null; employeeCode: string }): string {
  const pan = employee.pan?.trim().toUpperCase() ?? '';
  return PAN.test(pan) ? pan : `PANNOTAVBL_${employee.employeeCode.replace(/[^A-Za-z0-9-]/g, '')}`;
}

/** Form 16 up to 2025-26, Form 130 from the tax year 2026-27 (Income-tax Act, 2025). */
const certificateStem = (financialYear: string) => (underAct2025(financialYear) ? 'Form130' : 'Form16');

/** 'Form16_{PAN}_{financial year}.pdf', e.g. 'Form16_ABCDE1234F_2025-26.pdf' ('Form130_…' from 2026-27). */
export function form16FileName(record: { financialYear: string; employee: { pan: string | null; employeeCode: string } }): string {
  return `${certificateStem(record.financialYear)}_${form16Person(record.employee)}_${record.financialYear}.pdf`;
}

/** A batch of Form 16s as one PDF: 'Form16_{units}_{financial year}.pdf'; the year comes from the first record. */
export function form16BatchFileName(records: readonly { financialYear: string; employee: { unitName: string } }[]): string {
  const first = records[0];
  if (!first) throw new RangeError('A document needs at least one employee');
  return `${certificateStem(first.financialYear)}_${unitsForFileName(records.map((r) => ({ unitName: r.employee.unitName })))}_${first.financialYear}.pdf`;
}
