/** apiRequest errors read 'STATUS: body'; anything else (a TypeError from fetch) means the network failed. */
export function isHttpError(err: unknown): boolean {
  return err instanceof Error && /^\d{3}: /.test(err.message);
}

export function httpStatus(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const m = /^(\d{3}): /.exec(err.message);
  return m ? Number(m[1]) : null;
}

/** The platform's error body ({"error":{code,message,details}}) carried in an apiRequest error, if any. */
export function errorBodyOf(err: unknown): { code?: string; message?: string; details?: unknown } | null {
  if (!(err instanceof Error)) return null;
  const text = err.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(text) as { error?: { code?: string; message?: string; details?: unknown } };
    return parsed.error ?? null;
  } catch {
    return null;
  }
}
