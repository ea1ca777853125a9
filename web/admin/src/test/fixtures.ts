/** One news article as the admin list answers it ('Launch day', id n1); tests override what they look at. */
export const newsArticle = (over: Record<string, unknown> = {}) => ({
  id: 'n1',
  title: 'Launch day',
  excerpt: 'The app is live',
  content: 'Full story',
  category: 'announcement',
  imageUrl: null,
  publishDate: '2025-01-05T10:00:00.000Z',
  featured: false,
  published: true,
  createdAt: '2025-01-05T10:00:00.000Z',
  ...over,
});
