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

/** Refusals whose server message says what was wrong with what the admin sent (the type, the size, the field). */
const REFUSALS = [400, 403, 413, 415, 422];

/**
 * The SPEC's failure text, followed by the server's reason when it refused what was sent, e.g. 'Failed to upload
 * image. Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded'. A network failure or a 5xx keeps the text alone.
 */
export function failureWithReason(failure: string, err: unknown): string {
  const status = httpStatus(err);
  const why = status !== null && REFUSALS.includes(status) ? serverMessage(err) : null;
  return why && why !== failure ? `${failure}. ${why}` : failure;
}
