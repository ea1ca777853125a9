export * from './common';
export * from './auth';
export * from './status';
export * from './content';
export * from './partners';
export * from './contracts';
export * from './media';
export * from './client';
