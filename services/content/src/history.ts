import { defineEntityHistory, labelText, type ServiceHistory } from '@12yards/platform';
import { faqStreamId, type FaqEvent } from './faq/events';
import { galleryStreamId, type GalleryEvent } from './gallery/events';
import { newsStreamId, type NewsEvent } from './news/events';
import { settingStreamId, type SettingEvent } from './setting/events';
const shown = { isActive: ['Activated', 'Deactivated'] } as const;

/** The content service's entities whose history admins read (GET /api/admin/history, /api/admin/activity). */
export const contentHistory: ServiceHistory = {
  service: 'content',
  entities: [
    defineEntityHistory<NewsEvent>({
      entityType: 'news',
      streamPrefix: newsStreamId(''),
      label: (f) => labelText(f.title),
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
    }),
  ],
};
