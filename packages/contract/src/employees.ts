// The employees API: one file per sub-area under employees/; this file gathers their exports.
export * from './employees/change-requests';
export * from './employees/documents';
export * from './employees/enums';
export * from './employees/formats';
export * from './employees/id-card';
export * from './employees/import';
export * from './employees/input';
export * from './employees/list';
export * from './employees/record';
