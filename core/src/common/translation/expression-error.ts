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
