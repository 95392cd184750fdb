export * from './dated';
export * from './ecr';
export * from './esi';
export * from './lwf';
export * from './parameters';
export * from './pf';
export * from './pt';
export * from './tds';
