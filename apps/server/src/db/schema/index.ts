// Every table of the application. Each area adds its own file and one export line here.

export * from './approvals';
export * from './attendance';
export * from './core';
export * from './earlier-salary';
export * from './employees';
export * from './establishments';
export * from './exits';
export * from './jobs';
export * from './masters';
export * from './payments';
export * from './payroll';
export * from './requests';
export * from './shared';
export * from './statutory';
export * from './statutory-arrears';
export * from './tax';
export * from './vouchers';
