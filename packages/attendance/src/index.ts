export * from './roster';
export * from './rules';
