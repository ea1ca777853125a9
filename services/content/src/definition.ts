import { defineService } from '@12yards/platform';
import { startTrashSweep } from '@12yards/workbench';
import { buildApp } from './app';
import { faqProjection } from './faq/projection';
import { galleryProjection } from './gallery/projection';
import { contentInsightsProjection } from './insights/projection';
import { startGoLive } from './news/go-live';
import { newsProjection } from './news/projection';
import { seedDefaults } from './seed';
import { settingProjection } from './setting/projection';
import { contentIntegrationEvents } from './integration-events';
import { contentTrash } from './trash';
import { contentTextData } from './text-data';

export const contentService = defineService({
  name: 'content',
  defaultPort: 8102,
  uses: ['jobs'], // scheduled articles go live by a job; gallery images live in the media service
  projections: [newsProjection, faqProjection, settingProjection, galleryProjection],
  reportProjections: [contentInsightsProjection],
  integrationEvents: contentIntegrationEvents,
  // Text encrypted per item, so that deleting an item for good erases its text from history (issue 26 item 2).
  personalData: contentTextData,
  init: seedDefaults,
  build: async (ctx) => {
    // Items trashed more than TRASH_RETENTION_DAYS ago are deleted for good, on the leader, hourly.
    const sweep = await startTrashSweep(ctx, contentTrash(ctx));
    const goLive = await startGoLive(ctx);
    return {
      app: buildApp(ctx),
      stop: async () => {
        await goLive.close();
        await sweep.stop();
      },
    };
  },
});
