import { type ServiceContext } from '@12yards/platform';
import { trashSource, type TrashSource } from '@12yards/workbench';
import { faqStreamId } from './faq/events';
import { faqRows } from './faq/projection';
import { trashableFaqDecider } from './faq/trash';
import { galleryStreamId } from './gallery/events';
import { galleryRows } from './gallery/projection';
import { trashableGalleryDecider } from './gallery/trash';
import { newsStreamId } from './news/events';
import { newsRows } from './news/projection';
import { trashableNewsDecider } from './news/trash';
import { eraseTextOf } from './text-data';

/**
 * The content service's trashable items: news articles, FAQs and gallery screenshots, each with its label. Deleting
 * one for good erases its text (its key) from every event of its stream.
 */
export function contentTrash(ctx: ServiceContext): TrashSource[] {
  const models = ctx.infra.readModels;
  const erase = eraseTextOf(ctx);
  return [
    trashSource(ctx, 'news', trashableNewsDecider, newsStreamId, newsRows(models), (row) => row.title, erase),
    trashSource(ctx, 'faq', trashableFaqDecider, faqStreamId, faqRows(models), (row) => row.question, erase),
    trashSource(
      ctx,
      'gallery-item',
      trashableGalleryDecider,
      galleryStreamId,
      galleryRows(models),
      (row) => [row.platformName, row.description].filter(Boolean).join(': ') || row.imageUrl,
      erase,
    ),
  ];
}
