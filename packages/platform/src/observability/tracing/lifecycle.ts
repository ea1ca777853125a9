/** Shuts the running SDK down (sending the spans still batched); set by register.ts when tracing is on. */
let shutdown: (() => Promise<void>) | undefined;

export function setTracingShutdown(fn: () => Promise<void>): void {
  shutdown = fn;
}

/**
 * Sends the spans still in the batch, waiting at most `ms`: called before a process exits on SIGTERM, which would
 * otherwise drop the last seconds of spans. Nothing to do when tracing is off.
 */
export async function flushTracing(ms = 5000): Promise<void> {
  if (!shutdown) return;
  const done = shutdown().catch(() => undefined);
  shutdown = undefined;
  await Promise.race([done, new Promise((r) => setTimeout(r, ms).unref())]);
}
