import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout; LOG_LEVEL sets the level (silent in tests unless asked for). */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
