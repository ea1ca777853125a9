import { z } from 'zod';
import { coercedInt, dateLike, entityVersion, nullableInt, optionalText, requiredText } from './common';
import { adminNewsCategories, publicNewsCategories } from './constants';
import { IMAGE_URL_MESSAGE, isMediaOrHttpsUrl } from './media';
import { listFlag, pageQuery, searchText } from './pagination';

// ---------- news ----------
// Plain constants live in ./constants (no zod), so a browser bundle that needs only them leaves the schemas out.
export { adminNewsCategories, publicNewsCategories, SHOW_APP_GALLERY } from './constants';
export const newsCategories = [...adminNewsCategories, ...publicNewsCategories.map((c) => c.value)] as [
  string,
  ...string[],
];
export const newsCategory = z.enum(newsCategories as [string, ...string[]], {
  error: `category must be one of ${newsCategories.join(', ')}`,
});

export const newsInput = z.object({
  title: requiredText('Title', 300),
  excerpt: requiredText('Excerpt', 1000),
  content: requiredText('Content', 100_000),
  category: newsCategory.default('general'),
  imageUrl: optionalText(2048).refine((v) => v === undefined || isMediaOrHttpsUrl(v), IMAGE_URL_MESSAGE),
  publishDate: dateLike.optional().nullable(),
  featured: z.boolean().default(false),
  published: z.boolean().default(true),
});
export type NewsInput = z.input<typeof newsInput>;
export type NewsFields = z.output<typeof newsInput>;

/** When an article goes public: now, not yet (a draft), or at a date and time to come. */
export const NEWS_PUBLISH_MODES = ['now', 'draft', 'schedule'] as const;
export type NewsPublishMode = (typeof NEWS_PUBLISH_MODES)[number];

/**
 * The admin's article form: the article, how it goes public, and for `schedule` the time (a `datetime-local` value,
 * read in the admin's time zone, or an ISO instant), required and in the future when the form is sent. The form
 * sends `published` and `publishDate` as the API has always taken them: scheduled = published with a date to come.
 */
export const newsForm = newsInput
  .extend({
    publishMode: z.enum(NEWS_PUBLISH_MODES).default('now'),
    publishAt: z.string().optional(),
  })
  .superRefine(({ publishMode, publishAt }, ctx) => {
    if (publishMode !== 'schedule') return;
    const at = publishAt ? Date.parse(publishAt) : NaN;
    if (Number.isNaN(at)) {
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Choose the date and time to publish' });
    } else if (at <= Date.now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['publishAt'],
        message: 'The publish time must be in the future',
      });
    }
  });
export type NewsFormInput = z.input<typeof newsForm>;
export type NewsFormFields = z.output<typeof newsForm>;

export const newsArticle = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable().optional(),
  publishDate: z.string(),
  featured: z.boolean(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  version: entityVersion,
});
export type NewsArticle = z.infer<typeof newsArticle>;

/** Public and admin news lists, one page at a time; `q` searches titles, `fields=summary` leaves out the text. */
export const newsListQuery = pageQuery.extend({
  category: newsCategory.optional(),
  q: searchText,
  fields: z.enum(['full', 'summary'], { error: "fields must be 'full' or 'summary'" }).default('full'),
});

/** The admin's news list: also `scheduled=true`, only the published articles whose publish date is still ahead. */
export const adminNewsListQuery = newsListQuery.extend({ scheduled: listFlag('scheduled') });

// ---------- FAQs ----------
export const faqInput = z.object({
  question: requiredText('Question', 1000),
  answer: requiredText('Answer', 10_000),
  isActive: z.boolean().default(true),
  sortOrder: coercedInt(0, -1_000_000, 1_000_000),
});
export type FaqInput = z.input<typeof faqInput>;
export type FaqFields = z.output<typeof faqInput>;

export const faq = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: entityVersion,
});
export type Faq = z.infer<typeof faq>;

// ---------- settings ----------
export const settingKey = z
  .string()
  .trim()
  .min(1, 'key is required')
  .max(255, 'key must be at most 255 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'key may hold letters, digits, _ . and - only');
export const settingInput = z.object({
  value: z.string({ error: 'value is required' }).max(255, 'value must be at most 255 characters'),
  description: optionalText(1000),
});
export type SettingInput = z.input<typeof settingInput>;
export const setting = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  version: entityVersion,
});
export type Setting = z.infer<typeof setting>;

// ---------- app gallery ----------
export const galleryInput = z.object({
  // (An empty one gets only "Image URL is required".)
  imageUrl: requiredText('Image URL', 2048).refine(
    (v) => v === '' || isMediaOrHttpsUrl(v),
    IMAGE_URL_MESSAGE,
  ),
  description: optionalText(1000),
  platformName: optionalText(100),
  sortOrder: nullableInt(-1_000_000, 1_000_000),
  isActive: z.boolean().default(true),
});
export type GalleryInput = z.input<typeof galleryInput>;
export type GalleryFields = z.output<typeof galleryInput>;

export const galleryItem = z.object({
  id: z.string(),
  imageUrl: z.string(),
  description: z.string().nullable().optional(),
  platformName: z.string().nullable().optional(),
  sortOrder: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: entityVersion,
});
export type GalleryItem = z.infer<typeof galleryItem>;
export const publicGalleryItem = galleryItem.pick({
  id: true,
  imageUrl: true,
  description: true,
  platformName: true,
});
export type PublicGalleryItem = z.infer<typeof publicGalleryItem>;
