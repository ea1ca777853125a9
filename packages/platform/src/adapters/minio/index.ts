export { MinioObjectStore, type MinioObjectStoreOptions } from './minio-object-store';
