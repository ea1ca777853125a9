import { defineService } from '@12yards/platform';
import { buildApp } from './app';
import { faqProjection } from './faq/projection';
import { galleryProjection } from './gallery/projection';
import { newsProjection } from './news/projection';
import { seedDefaults } from './seed';
import { settingProjection } from './setting/projection';
import { contentIntegrationEvents } from './integration-events';

export const contentService = defineService({
  name: 'content',
  defaultPort: 8102,
  uses: [], // gallery images live in the media service
  projections: [newsProjection, faqProjection, settingProjection, galleryProjection],
  integrationEvents: contentIntegrationEvents,
  init: seedDefaults,
  build: async (ctx) => ({ app: buildApp(ctx) }),
});
