// The product's admin workbench features, built on the platform kit: the trash (trashable aggregates, their rows,
// routes and sweep), each entity's history and the activity feed (words a person reads), and the dashboard's
// insight ledgers and route.
export * from './trash';
export * from './history/history';
export * from './history/routes';
export * from './insights/ledgers';
export * from './insights/routes';
