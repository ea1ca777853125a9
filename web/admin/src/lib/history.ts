import type { EntityType, FieldChange, HistoryEntry } from '@12yards/api';
import { formatDate, formatDateTime } from './format';

/**
 * The query key of one entity's history, which is also its URL (the default query function joins it):
 * live updates invalidate HISTORY_KEY (every history) or historyKey(type, id).
 */
export const HISTORY_KEY = ['/api/admin/history'] as const;
export const historyKey = (entityType: EntityType, id: string) => [...HISTORY_KEY, entityType, id];

/** How an admin names each kind of entity. */
export const ENTITY_LABELS: Record<EntityType, string> = {
  news: 'News article',
  faq: 'FAQ',
  'gallery-item': 'Gallery item',
  setting: 'Setting',
  partner: 'Application',
  'partner-action': 'Partner note',
  contact: 'Message',
  contract: 'Contract',
  'contract-template': 'Contract template',
  media: 'Media file',
  'service-status': 'Service status',
};

/** Field names whose plain words are not their camelCase split. */
const FIELD_LABELS: Record<string, string> = {
  imageUrl: 'Image URL',
  url: 'URL',
  webAddress: 'Web address',
  mimeType: 'MIME type',
  altText: 'Alt text',
  publishAt: 'Publish at',
  isActive: 'Active',
  isCompleted: 'Completed',
  actionText: 'Note',
  lengthMonths: 'Length (months)',
  revenueSharePercent: 'Revenue share (%)',
  clientTelephone: 'Client phone',
  quizPerMonth: 'Quizzes per month',
  twitterAccount: 'Twitter',
  instagramAccount: 'Instagram',
  tiktokAccount: 'TikTok',
  facebookAccount: 'Facebook',
  validFromDate: 'Valid from',
  serviceName: 'Service',
};

/** Fields whose values are prose: their change is named, not shown. */
const LONG_FIELDS = new Set([
  'content',
  'excerpt',
  'message',
  'answer',
  'notes',
  'description',
  'companyAddress',
  'actionText',
]);
/** A value longer than this (or on several lines) is named, not shown, whatever its field. */
const MAX_SHOWN = 60;

/** 'revenueSharePercent' -> 'Revenue share percent', unless FIELD_LABELS names it. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A scalar value in words; null when it is too long or not a scalar to show. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  if (value.length > MAX_SHOWN || value.includes('\n')) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  return value;
}

/** One field's change shown as "<label>: <from> → <to>". */
export interface ChangeWords {
  label: string;
  from: string;
  to: string;
}

/** A field's change in words, or null when it is prose or too long to show ("<Field> changed" says it). */
export function describeChange(field: string, { from, to }: FieldChange): ChangeWords | null {
  if (LONG_FIELDS.has(field)) return null;
  const before = shown(from);
  const after = shown(to);
  return before === null || after === null ? null : { label: fieldLabel(field), from: before, to: after };
}

/**
 * What an entry's summary leaves out: the values of the short fields it only names. The server's summary is the
 * plain words ("Created", "Published", "Status: Pending → Partner", "Title and content changed"); only the last
 * kind ("... changed") gains from the values, and a field it already shows ("Status: ...") is not repeated.
 */
export function changeDetails(entry: Pick<HistoryEntry, 'summary' | 'changes'>): ChangeWords[] {
  if (!/\bchanged\b/i.test(entry.summary)) return [];
  const summary = entry.summary.toLowerCase();
  return Object.entries(entry.changes)
    .map(([field, change]) => describeChange(field, change))
    .filter((c): c is ChangeWords => c !== null && !summary.includes(`${c.label.toLowerCase()}:`));
}
