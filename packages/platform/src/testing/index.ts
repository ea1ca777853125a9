// The test kit, imported as `@12yards/platform/testing`. The service helpers are still re-exported by the production
// barrel too, until their importers move here.
export * from './service';
export * from './decider-specification';
