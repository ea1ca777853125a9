import { coercedInt, dateLike, isoDate } from './common';
import { faqInput, galleryInput, newsInput, newsListQuery } from './content';
import { contractInput } from './contracts';
import { mediaFileInput } from './media';
import { newPartnerAction } from './partners';
import { contractFields } from './test-fixtures';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const DATE_MESSAGE = 'Enter a valid date, or a date and time with its time zone (2026-11-22T10:00:00Z)';
const YEARS_MESSAGE = 'must be in the years 2000 to 2100';

describe('dateLike (news publishDate, action dueDate)', () => {
  it.each([
    '2026-11-22',
    '2028-02-29',
    '2000-01-01',
    '2100-12-31',
    '2026-11-22T10:00:00.000Z',
    '2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00+01:00',
    '2026-11-22T10:00:00.123456-05:30',
  ])('When given %s, then it is accepted unchanged', (value) => {
    expect(dateLike.parse(value)).toBe(value);
  });

  it.each([
    ['2026-02-30', DATE_MESSAGE],
    ['2027-02-29', DATE_MESSAGE],
    ['2026-13-01', DATE_MESSAGE],
    ['2026-11-22T24:00:00Z', DATE_MESSAGE],
    ['1', DATE_MESSAGE],
    ['+010000-01-01', DATE_MESSAGE],
    ['10000-01-01', DATE_MESSAGE],
    ['someday', DATE_MESSAGE],
    ['Nov 22 2026', DATE_MESSAGE],
    ['2026-11-22T10:00Z', DATE_MESSAGE], // no seconds
    ['2026-11-22T10:00:00', DATE_MESSAGE], // no time zone: its instant would depend on the server's
    [' 2026-11-22', DATE_MESSAGE],
    ['', DATE_MESSAGE],
    ['1999-12-31', YEARS_MESSAGE],
    ['2101-01-01', YEARS_MESSAGE],
    ['0001-01-01T00:00:00Z', YEARS_MESSAGE],
  ])('When given %j, then it is refused: %s', (value, message) => {
    expect(messages(dateLike.safeParse(value))).toEqual([`: ${message}`]);
  });

  it('When a news article or an action is sent a bad date, then the field is named', () => {
    const article = { title: 'T', excerpt: 'E', content: 'C' };
    expect(messages(newsInput.safeParse({ ...article, publishDate: '+010000-01-01' }))).toEqual([
      `publishDate: ${DATE_MESSAGE}`,
    ]);
    expect(newsInput.parse({ ...article, publishDate: '2026-11-22T10:00:00.000Z' }).publishDate).toBe(
      '2026-11-22T10:00:00.000Z',
    );
    expect(messages(newPartnerAction.safeParse({ actionText: 'Call', dueDate: '2026-02-30' }))).toEqual([
      `dueDate: ${DATE_MESSAGE}`,
    ]);
    expect(newPartnerAction.parse({ actionText: 'Call', dueDate: '' }).dueDate).toBeNull();
    expect(newPartnerAction.parse({ actionText: 'Call', dueDate: '2026-11-30' }).dueDate).toBe('2026-11-30');
  });
});

describe('isoDate (contract terms, template validity)', () => {
  it('When given a real date in range, then it is accepted', () => {
    for (const v of ['2026-01-01', '2028-02-29', '2000-01-01', '2100-12-31'])
      expect(isoDate.parse(v)).toBe(v);
  });

  it('When given a date that does not exist, a date-time or a year out of range, then it is refused', () => {
    expect(messages(isoDate.safeParse('2026-02-30'))).toEqual([': Enter a valid date']);
    expect(messages(isoDate.safeParse('yesterday'))).toEqual([': Enter a valid date']);
    expect(messages(isoDate.safeParse('2026-01-01T00:00:00Z'))).toEqual([': Enter a valid date']);
    expect(messages(isoDate.safeParse('9999-12-31'))).toEqual([`: ${YEARS_MESSAGE}`]);
    expect(messages(isoDate.safeParse('1970-01-01'))).toEqual([`: ${YEARS_MESSAGE}`]);
  });
});

describe('whole numbers', () => {
  const int = coercedInt(7, -10, 10);

  it.each([
    [5, 5],
    [-10, -10],
    ['3', 3],
    [' 4 ', 4],
    ['-2', -2],
    ['+2', 2],
    ['0010', 10],
    ['4.0', 4],
    [undefined, 7],
    [null, 7],
    ['', 7],
    ['  ', 7],
  ])('When given %j, then it reads %j', (value, expected) => {
    expect(int.parse(value)).toBe(expected);
  });

  it.each([
    ['0x10', 'must be a number'],
    ['1e1', 'must be a number'],
    ['1.5', 'must be a whole number'],
    ['.5', 'must be a number'],
    ['5.', 'must be a number'],
    ['0b11', 'must be a number'],
    ['Infinity', 'must be a number'],
    ['5 apples', 'must be a number'],
    [true, 'must be a number'],
    [[3], 'must be a number'],
    [2.5, 'must be a whole number'],
    [11, 'must be at most 10'],
    ['-11', 'must be at least -10'],
    [1e15 + 1, 'must be at most 10'],
  ])('When given %j, then it is refused: %s', (value, message) => {
    expect(messages(int.safeParse(value))).toEqual([`: ${message}`]);
  });

  it('When a FAQ or gallery sortOrder is out of range or not decimal, then it is refused', () => {
    const faq = { question: 'Q', answer: 'A' };
    expect(messages(faqInput.safeParse({ ...faq, sortOrder: '0x10' }))).toEqual([
      'sortOrder: must be a number',
    ]);
    expect(messages(faqInput.safeParse({ ...faq, sortOrder: 1e15 + 1 }))).toEqual([
      'sortOrder: must be at most 1000000',
    ]);
    const shot = { imageUrl: '/media/a.png' };
    expect(messages(galleryInput.safeParse({ ...shot, sortOrder: 1e15 + 1 }))).toEqual([
      'sortOrder: must be at most 1000000',
    ]);
    expect(messages(galleryInput.safeParse({ ...shot, sortOrder: '0x10' }))).toEqual([
      'sortOrder: must be a number',
    ]);
    expect(messages(galleryInput.safeParse({ ...shot, sortOrder: -1_000_001 }))).toEqual([
      'sortOrder: must be at least -1000000',
    ]);
    expect(galleryInput.parse({ ...shot, sortOrder: '12' }).sortOrder).toBe(12);
    expect(galleryInput.parse({ ...shot, sortOrder: '' }).sortOrder).toBeNull();
    expect(galleryInput.parse({ ...shot }).sortOrder).toBeNull();
    expect(galleryInput.parse({ ...shot, sortOrder: null }).sortOrder).toBeNull();
  });

  it('When a media file size is beyond 2 GiB or not decimal, then it is refused', () => {
    const file = { filename: 'a.png', originalName: 'a.png', mimeType: 'image/png', url: '/media/a.png' };
    expect(messages(mediaFileInput.safeParse({ ...file, size: 1e15 + 1 }))).toEqual([
      'size: Size (bytes) must be at most 2147483647',
    ]);
    expect(messages(mediaFileInput.safeParse({ ...file, size: '0x10' }))).toEqual([
      'size: Size (bytes) must be a number',
    ]);
    expect(mediaFileInput.parse({ ...file, size: '2048' }).size).toBe(2048);
    expect(mediaFileInput.parse({ ...file, size: 2_147_483_647 }).size).toBe(2_147_483_647);
  });

  it('When a query limit or a contract count is written in hex, then it is refused', () => {
    expect(messages(newsListQuery.safeParse({ limit: '0x10' }))).toEqual(['limit: must be a number']);
    expect(newsListQuery.parse({ limit: '16' }).limit).toBe(16);
    const contract = { ...contractFields, lengthMonths: '12' };
    expect(contractInput.parse(contract).lengthMonths).toBe(12);
    expect(messages(contractInput.safeParse({ ...contract, lengthMonths: '0xC' }))).toEqual([
      'lengthMonths: must be a number',
    ]);
    expect(messages(contractInput.safeParse({ ...contract, endDate: '9999-12-31' }))).toEqual([
      `endDate: ${YEARS_MESSAGE}`,
    ]);
  });
});
