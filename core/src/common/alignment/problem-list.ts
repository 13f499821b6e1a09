import { ErrorCodes, ValidationError, type ErrorCode, type Problem } from '../errors.js';
import type { ProblemCode } from '../problem-codes.js';

type At = { readonly line: number; readonly column: number } | undefined;

/**
 * The problems found while reading or converting an alignment, in the order found: the one
 * collector of read-alignment.ts and the converters (they had a copy each).
 */
export class ProblemList {
  readonly items: Problem[] = [];

  error(code: ProblemCode | ErrorCode, message: string, at?: At, cellId?: string): void {
    this.push(code, 'error', message, at, cellId);
  }

  warning(code: ProblemCode | ErrorCode, message: string, at?: At, cellId?: string): void {
    this.push(code, 'warning', message, at, cellId);
  }

  /** Adds the errors among `problems` (the converters refuse on errors, not on warnings). */
  add(problems: readonly Problem[]): void {
    for (const p of problems) if (p.severity === 'error') this.items.push(p);
  }

  /** Throws a ValidationError (CONVERSION_FAILED unless told) listing every problem, when there is one. */
  throwIfAny(what: string, code: ErrorCode = ErrorCodes.conversionFailed): void {
    const first = this.items[0];
    if (first === undefined) return;
    const where = first.line === undefined ? '' : `line ${first.line}, column ${first.column ?? 1}: `;
    const more = this.items.length > 1 ? ` (and ${this.items.length - 1} more problem(s))` : '';
    throw new ValidationError(`${what}: ${where}${first.message}${more}`, this.items, code);
  }

  private push(code: ProblemCode | ErrorCode, severity: Problem['severity'], message: string, at: At, cellId: string | undefined): void {
    this.items.push({
      code,
      severity,
      message,
      ...(at === undefined ? {} : { line: at.line, column: at.column }),
      ...(cellId === undefined ? {} : { cellId }),
    });
  }
}
