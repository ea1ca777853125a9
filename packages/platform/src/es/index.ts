export * from './errors';
export * from './decider';
export * from './projector';
export * from './relay';
export * from './inbox';
export * from './append-signal';
export * from './consumer';
export * from './pick';
