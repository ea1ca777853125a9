export * from './redis-pub-sub';
export * from './redis-projection-hand-over';
