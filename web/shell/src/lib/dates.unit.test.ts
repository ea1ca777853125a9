import { formatLongDate, relativeDate } from './dates';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('news dates', () => {
  it('When under an hour old, then Just now', () => {
    expect(relativeDate(ago(59 * 60_000), now)).toBe('Just now');
  });
  it('When under a day old, then N hours ago', () => {
    expect(relativeDate(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeDate(ago(23 * 3_600_000), now)).toBe('23 hours ago');
  });
  it('When a day or more old, then N days ago', () => {
    expect(relativeDate(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(relativeDate(ago(10 * 86_400_000), now)).toBe('10 days ago');
  });
  it('When the date is missing, then the home format says Recently, otherwise a long US date', () => {
    expect(formatLongDate(undefined)).toBe('Recently');
    expect(formatLongDate('not a date')).toBe('Recently');
    expect(formatLongDate('2024-12-25T12:00:00Z')).toBe('December 25, 2024');
  });
});
