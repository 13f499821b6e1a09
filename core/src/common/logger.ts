/** The logger core code is given (STYLE.md: inject the logger, no console.* in core). pino fits it. */
export interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
