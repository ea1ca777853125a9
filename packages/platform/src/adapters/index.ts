// Production adapters. Not re-exported from the package index, so that services on the embedded adapters do not
// load the MongoDB, Kafka, Redis and S3 clients; createInfrastructure imports them when configured.
export * from './mongo';
export * from './kafka';
export * from './bullmq';
export * from './minio';
export * from './redis';
