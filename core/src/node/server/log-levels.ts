/**
 * The reference's logging levels (seed section 2: all trace debug info warn error off) mapped onto
 * pino's. `all` is pino's most verbose level; `off` silences everything.
 */
import { BadRequestError, ErrorCodes } from '../../common/index.js';

export const LEVELS = ['all', 'trace', 'debug', 'info', 'warn', 'error', 'off'] as const;
export type Level = (typeof LEVELS)[number];

const TO_PINO: Record<Level, string> = { all: 'trace', trace: 'trace', debug: 'debug', info: 'info', warn: 'warn', error: 'error', off: 'silent' };

export function parseLevel(text: string): Level {
  const level = text.trim().toLowerCase();
  if (!(LEVELS as readonly string[]).includes(level)) {
    // The reference silently chose OFF (section 12.24); we refuse.
    throw new BadRequestError(`Unknown logging level "${text}"; use one of ${LEVELS.join(', ')}`, ErrorCodes.invalidLogLevel);
  }
  return level as Level;
}

export class LogLevels {
  private current: Level;
  constructor(initial: string) {
    this.current = parseLevel(initial);
  }
  get level(): Level {
    return this.current;
  }
  set level(level: Level) {
    this.current = level;
  }
  get pinoLevel(): string {
    return TO_PINO[this.current];
  }
  static toPino(level: Level): string {
    return TO_PINO[level];
  }
}
