/**
 * The gateway's readiness names each service it routes to. A probe is a GET of the service's /readyz with a short
 * timeout; its answer is kept for `cacheMs` and shared by the probes that come meanwhile, so however often the
 * gateway is probed each service sees at most one /readyz per `cacheMs`.
 */
export function serviceReadiness(
  targets: Record<string, string>,
  options: { timeoutMs?: number; cacheMs?: number; now?: () => number } = {},
): Record<string, () => Promise<boolean>> {
  const timeoutMs = options.timeoutMs ?? 1000;
  const cacheMs = options.cacheMs ?? 1000;
  const now = options.now ?? Date.now;
  return Object.fromEntries(
    Object.entries(targets).map(([name, base]) => {
      const url = new URL('/readyz', base).toString();
      return [name, cached(() => probe(url, timeoutMs), cacheMs, now)];
    }),
  );
}

async function probe(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

function cached(check: () => Promise<boolean>, ttlMs: number, now: () => number): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    // The time is taken when the probe starts, so an answer is never kept longer than ttlMs after it was asked.
    if (!last || now() - last.at >= ttlMs) last = { at: now(), answer: check() };
    return last.answer;
  };
}
