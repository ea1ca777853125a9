export { ERASED_PERSONAL_DATA, encryptField, decryptField, isEncryptedField } from './field-cipher';
export { SubjectKeys, masterKeyFrom, type SubjectKeyStore } from './subject-keys';
export { SqliteSubjectKeyStore, scrubWal } from './sqlite-subject-key-store';
export {
  PersonalDataStore,
  streamSubject,
  type PersonalDataPolicy,
  type PersonalFields,
} from './personal-data-store';
export { withPersonalData, secretOf } from './wiring';
export {
  emailHash,
  erasedFields,
  erasePerson,
  eraseRecords,
  erasureRoutes,
  normalisedEmail,
  ERASURE_STREAM_PREFIX,
  type PersonalDataHolder,
  type PersonalRecord,
} from './erasure';
export { exportPerson, exportRoutes, labelledFields } from './export';
export {
  RETENTION_SWEEP_MS,
  retentionCutoff,
  startRetentionSweep,
  sweepRetention,
  type RetentionMonths,
  type RetentionSource,
} from './retention';
export { dayOf, personalDataHolder, rowKind, type RecordKind } from './record-kinds';
export { withProducerKeys } from './producer-keys';
export { hasEncryptedFields, openMessage, reopener, type OpeningMode } from './opening-bus';
export {
  canRewrite,
  sealPlaintextPersonalData,
  type RewritableEventStore,
  type SealResult,
} from './seal-plaintext';
