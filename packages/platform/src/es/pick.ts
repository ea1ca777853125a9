/** The listed fields of a record and nothing else (an event's data carries ids and times besides its fields). */
export function pickFields<T, K extends keyof T>(data: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = data[key];
  return picked;
}
