export { connectMongo, serviceDatabaseName, pingMongo, isReplicaSet } from './connection';
export { MongoEventStore, type MongoEventStoreOptions } from './mongo-event-store';
export { MongoReadModels } from './mongo-read-models';
export { watchMongoConnection, StuckConnectionWatch } from './stuck-connection-watch';
