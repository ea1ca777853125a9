import { faqStreamId, type FaqEvent } from './faq/events';
import { galleryStreamId, type GalleryEvent } from './gallery/events';
import { newsStreamId, type NewsEvent } from './news/events';
import { settingStreamId, type SettingEvent } from './setting/events';
import { defineEntityHistory, labelText, type Changes, type ServiceHistory } from '@12yards/workbench';
const shown = { isActive: ['Activated', 'Deactivated'] } as const;

/** An instant as a person reads it in a summary: '2026-12-01 09:30 UTC'. */
const instant = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** An article created to go live later says so (not "Published"); the scheduler's go-live says it went live. */
function newsSummary(event: NewsEvent): string | undefined {
  if (event.type === 'NewsArticleWentLive') return 'Went live as scheduled';
  if (
    event.type === 'NewsArticlePublished' &&
    event.data.publishDate &&
    event.data.publishDate > event.data.at
  )
    return `Scheduled to go live on ${instant(event.data.publishDate)}`;
  return undefined;
}

/** A setting's value as its switch shows it. */
const settingValue = (v: unknown) => (v === 'true' ? 'On' : v === 'false' ? 'Off' : `"${String(v ?? '')}"`);

/** What was set: "Set to On" (the first value too), "Changed from On to Off"; a new description is named. */
function settingSummary(_event: SettingEvent, changes: Changes): string {
  const parts: string[] = [];
  const value = changes.value;
  if (value)
    parts.push(
      value.from === null
        ? `Set to ${settingValue(value.to)}`
        : `Changed from ${settingValue(value.from)} to ${settingValue(value.to)}`,
    );
  // A first value comes with its description: "Set to On" says it all.
  if (changes.description && value?.from !== null)
    parts.push(parts.length ? 'description changed' : 'Description changed');
  return parts.join('; ') || 'Saved with the same value';
}

/** The content service's entities whose history admins read (GET /api/admin/history, /internal/activity). */
export const contentHistory: ServiceHistory = {
  service: 'content',
  entities: [
    defineEntityHistory<NewsEvent>({
      entityType: 'news',
      streamPrefix: newsStreamId(''),
      label: (f) => labelText(f.title),
      summary: newsSummary,
    }),
    defineEntityHistory<FaqEvent>({
      entityType: 'faq',
      streamPrefix: faqStreamId(''),
      flags: shown,
      label: (f) => labelText(f.question),
    }),
    defineEntityHistory<GalleryEvent>({
      entityType: 'gallery-item',
      streamPrefix: galleryStreamId(''),
      flags: shown,
      label: (f) => labelText(f.platformName) ?? labelText(f.description),
    }),
    defineEntityHistory<SettingEvent>({
      entityType: 'setting',
      streamPrefix: settingStreamId(''),
      omit: ['key', 'previousValue'],
      label: (_f, key) => key,
      summary: settingSummary,
    }),
  ],
};
