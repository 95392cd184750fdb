export * from './access';
export * from './auth';
export * from './errors';
export * from './employees';
export * from './documents';
export * from './resources';
