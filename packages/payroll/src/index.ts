export * from './dates';
export * from './money';
export * from './rounding';
export * from './words';
