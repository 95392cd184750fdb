export * from './money';
export * from './payslip';
export * from './rounding';
export * from './words';
