import { adminNewsCategories, publicNewsCategories } from '@12yards/api';

const labels: Record<string, string> = Object.fromEntries([
  ...publicNewsCategories.map((c) => [c.value, c.label]),
  ...adminNewsCategories.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1)]),
]);

/** 'transfer-news' -> 'Transfer News'; unknown values are title-cased. */
export function categoryLabel(value: string): string {
  return labels[value] ?? value.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
