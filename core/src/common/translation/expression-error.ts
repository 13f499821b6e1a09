/**
 * A SPARQL expression error (an expression that "produces an error", SPARQL 1.1 section 17). Named so
 * as not to shadow the global `EvalError`. Deliberately not an `Error`: these are expected per
 * solution (STR of a blank node in two golden chains) and capturing a stack trace each time cost
 * 3% of translation.
 */
export class ExpressionError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/** Raises an evaluation error: the BIND variable stays unbound, as SPARQL 1.1 section 18.6 prescribes. */
export function fail(message: string): never {
  throw new ExpressionError(message);
}

/**
 * An error the reference's Jena does not treat as an expression error (a Java exception other than
 * ExprEvalException, such as a NumberFormatException from BigDecimal, or a refused regex flag):
 * the whole SPARQL update fails, and the reference skipped the cell (reference-mediator.md 3.6).
 * An `Error`, so the executor lets it through and the cell is reported as failed.
 */
export class CellFailure extends Error {
  override readonly name = 'CellFailure';
}
