import { contractFieldNames, type Contract } from '@12yards/api';
import type { DocumentData } from './render';

/** Every placeholder a template may use: each contract field, plus these. */
export const EXTRA_PLACEHOLDERS = ['contractId', 'partnerName', 'documentDate'] as const;
export const PLACEHOLDERS: readonly string[] = [...contractFieldNames, ...EXTRA_PLACEHOLDERS];

/** The values a document is filled with. Amounts are the text as entered (e.g. '£1,500'); numbers become text. */
export function documentData(contract: Contract, partnerName: string, documentDate: string): DocumentData {
  const data: DocumentData = { contractId: contract.id, partnerName, documentDate };
  for (const field of contractFieldNames) data[field] = String(contract[field]);
  return data;
}
