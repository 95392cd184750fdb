// The attendance API (issue: shifts and attendance). Paths and field names are a contract for the web app,
// the mobile app and integrators: keep them. Dates are 'YYYY-MM-DD'; instants ISO 8601; local times 'HH:MM'
// in the organisation's time zone. One file per sub-area under attendance/; this file gathers their exports.
export * from './attendance/common';
export * from './attendance/days';
export * from './attendance/devices';
export * from './attendance/punches';
export * from './attendance/regularisation';
export * from './attendance/reports';
export * from './attendance/rosters';
export * from './attendance/tracking';
