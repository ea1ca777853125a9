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

/** One contract as the partner's contracts list answers it ('Riverside Ltd', id c1 of partner p1). */
export const contractFixture = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  partnerId: 'p1',
  companyName: 'Riverside Ltd',
  registrationNumber: 'REG123',
  companyAddress: '1 River Road, London',
  clientName: 'Sam Chair',
  clientEmail: 'sam@riverside.test',
  clientTelephone: '020 7946 0000',
  clientPosition: 'Chairman',
  startDate: '2025-02-01',
  endDate: '2026-01-31',
  lengthMonths: 12,
  platformName: '12Yards',
  revenueSharePercent: 20,
  pollsPerMonth: 4,
  auctionsPerMonth: 2,
  articlesPerWeek: 3,
  quizPerMonth: 1,
  setupFee: '£500',
  penaltyFeePerMonth: '£50',
  createdAt: '2025-01-10T10:00:00.000Z',
  endedAt: null,
  ...over,
});

/** One FAQ as the admin list answers it ('Is it free?', id f1, order 2). */
export const faqFixture = (over: Record<string, unknown> = {}) => ({
  id: 'f1',
  question: 'Is it free?',
  answer: 'There is a free tier.',
  isActive: true,
  sortOrder: 2,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  ...over,
});

/** One app gallery screenshot ('Home screen' on iOS, id g1, order 1). */
export const shotFixture = (over: Record<string, unknown> = {}) => ({
  id: 'g1',
  imageUrl: '/media/home.png',
  description: 'Home screen',
  platformName: 'iOS',
  sortOrder: 1,
  isActive: true,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  ...over,
});

/** One media library entry ('team-photo.png', id mf1, 50 KB). */
export const mediaFileFixture = (over: Record<string, unknown> = {}) => ({
  id: 'mf1',
  filename: 'abc.png',
  originalName: 'team-photo.png',
  mimeType: 'image/png',
  size: 51200,
  url: '/media/abc.png',
  altText: 'The team',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...over,
});

/** The routes of the Applications tab's list: these partners, and no action counts. */
export const partnerList = (partners: unknown[]) => ({
  'GET /api/partners': { body: partners },
  'GET /api/admin/partner-action-counts': { body: [] },
});

/** One service status row ('Android App', operational, id s1). */
export const serviceStatusFixture = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  serviceName: 'Android App',
  status: 'operational',
  description: null,
  lastUpdated: '2025-01-05T10:00:00.000Z',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...over,
});

/** One contract template as the admin list answers it ('Standard club contract', id t1). */
export const templateFixture = (over: Record<string, unknown> = {}) => ({
  id: 't1',
  name: 'Standard club contract',
  fileUrl: '/x',
  fileName: 'club-contract.docx',
  validFromDate: '2025-01-01',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...over,
});
