// The test kit, imported as `@12yards/platform/testing` (never from the production barrel).
export * from './service';
export * from './decider-specification';
export * from './read-models';
export * from './projection-hand-over';
