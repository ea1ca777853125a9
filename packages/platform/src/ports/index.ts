export * from './event-store';
export * from './read-models';
export * from './where';
export * from './event-bus';
export * from './job-queue';
export * from './object-store';
export * from './unavailable';
export * from './projection-hand-over';
