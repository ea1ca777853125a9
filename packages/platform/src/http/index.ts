export * from './errors';
export * from './validate';
export * from './identity';
export * from './app';
export * from './public-reads';
export * from './security-headers';
export * from './paginate';
export * from './preconditions';
