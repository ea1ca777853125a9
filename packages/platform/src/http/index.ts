export * from './errors';
export * from './validate';
export * from './identity';
export * from './app';
export * from './paginate';
