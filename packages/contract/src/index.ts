export * from './access';
export * from './auth';
export * from './errors';
