export * from './decider';
export * from './projection';
export * from './source';
export * from './routes';
export * from './sweep';
