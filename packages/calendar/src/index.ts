export * from './dates';
export * from './financial-year';
export * from './holidays';
export * from './months';
export * from './weekly-off';
export * from './working-days';
export * from './zone';
export * from './zone-cache';
