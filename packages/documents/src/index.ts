export * from './advance-voucher';
export * from './filenames';
export * from './fonts';
export * from './id-card';
export * from './images';
export * from './payslip';
export * from './samples';
export * from './signing-sheet';
