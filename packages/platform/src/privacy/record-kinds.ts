import type { ExportedRecord } from '@12yards/api';
import type { Collection, Document } from '../ports';
import { erasedFields, type PersonalDataHolder, type PersonalRecord } from './erasure';
import { labelledFields } from './export';

/** What erasure and export do with one kind of record a service holds about a person. */
export interface RecordKind {
  /** Replaces the person's fields (or deletes the file). */
  scrub(id: string): Promise<void>;
  /** The record as the person reads it in an export; null when it is gone. */
  describe(id: string): Promise<Pick<ExportedRecord, 'title' | 'fields'> | null>;
}

/** A kind of record that is a read-model row: its personal fields are scrubbed, its labelled fields exported. */
export function rowKind<T extends Document>(spec: {
  rows: Pick<Collection<T>, 'get' | 'update'>;
  /** The fields about the person that erasure replaces with "Erased personal data". */
  personal: readonly (keyof T)[];
  /** The fields an export shows, by label, in order. */
  labels: Partial<Record<keyof T, string>>;
  title(row: T): string;
}): RecordKind {
  return {
    async scrub(id) {
      const row = await spec.rows.get(id);
      if (row) await spec.rows.update(id, erasedFields(row, spec.personal));
    },
    async describe(id) {
      const row = await spec.rows.get(id);
      return row && { title: spec.title(row), fields: labelledFields(row, spec.labels) };
    },
  };
}

/** A holder from how a service finds a person's records and what each kind of record is. */
export function personalDataHolder(
  find: (email: string) => Promise<PersonalRecord[]>,
  kinds: Record<string, RecordKind>,
): PersonalDataHolder {
  return {
    find,
    async scrub(records) {
      for (const { kind, id } of records) await kinds[kind]?.scrub(id);
    },
    async describe(records) {
      const described: ExportedRecord[] = [];
      for (const { kind, id } of records) {
        const shown = await kinds[kind]?.describe(id);
        if (shown) described.push({ kind, id, ...shown });
      }
      return described;
    },
  };
}

/** "2026-03-12" of an ISO date-time. */
export const dayOf = (at: string) => at.slice(0, 10);
