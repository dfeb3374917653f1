export * from './configuration.js';
export * from './applications.js';
export * from './staff.js';
export * from './jobs.js';
export * from './simulators.js';
export * from './notifications.js';
export * from './counter.js';
export * from './funnel.js';
