/**
 * The W3C SPARQL conformance tests for expressions (functions, casts, BIND, operators; the suites
 * in ../shared/data/w3c-sparql) whose expected results the mediator does not give, each with why.
 * Every entry is a place where the reference (IPSM 0.8.10 on Apache Jena 3.9.0) departs from the
 * SPARQL 1.1 specification and the mediator, a drop-in for the reference, does as the reference
 * does. The conformance suite (w3c-conformance.test.ts) fails on any other failing test, and on an
 * entry here whose test passes (so the list cannot go stale). The README lists the same entries.
 */

export interface W3cDeparture {
  /** `suite-folder/test-name` as in the manifests, e.g. `functions/month`. */
  readonly test: string;
  /** What the reference does instead, with an example. */
  readonly reason: string;
}

export const W3C_DEPARTURES: readonly W3cDeparture[] = [];
