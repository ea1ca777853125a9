/** apiRequest errors read 'STATUS: body'; anything else (a TypeError from fetch) means the network failed. */
export function httpStatus(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const m = /^(\d{3}): /.exec(err.message);
  return m ? Number(m[1]) : null;
}

/** The message of the platform's error body ({"error":{code,message}}) carried in an apiRequest error, if any. */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  try {
    const parsed = JSON.parse(err.message.replace(/^\d{3}: /, '')) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : null;
  } catch {
    return null;
  }
}
