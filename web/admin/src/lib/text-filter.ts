/**
 * The items whose text fields contain every word of `q` (case- and accent-insensitive), for the tabs whose whole
 * list is read at once (FAQs, App Gallery); an empty `q` keeps them all.
 */
export function filterByText<T>(
  items: readonly T[],
  q: string,
  text: (item: T) => (string | null | undefined)[],
) {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = fold(text(item).filter(Boolean).join(' '));
    return words.every((w) => haystack.includes(w));
  });
}
