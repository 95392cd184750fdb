export * from './access';
export * from './auth';
export * from './dashboard';
export * from './documents';
export * from './employees';
export * from './errors';
export * from './resources';
