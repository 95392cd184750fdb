export * from './leave';
export * from './roster';
export * from './rules';
