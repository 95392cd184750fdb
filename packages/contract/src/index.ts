export * from './access';
export * from './auth';
export * from './documents';
export * from './employees';
export * from './errors';
export * from './resources';
