/**
 * Every 503 says when to retry (issue 40; RFC 9110 section 10.2.3): generated over the whole code
 * table, so a code added later with status 503 gets `Retry-After` without a row of its own, and no
 * other status carries it. The real-port answers are checked where each 503 is raised
 * (broker-unavailable.test.ts, suggestion-lane.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MediatorError } from '../../common/index.js';
import { Status, STATUS_OF_CODE, toHttpError, type Operation } from './http-errors.js';

const OPERATIONS: readonly Operation[] = ['default', 'translation', 'convert'];

describe('Retry-After', () => {
  it('comes with every 503 and with no other status, for every code and operation', () => {
    let unavailable = 0;
    for (const code of ERROR_CODES) {
      for (const operation of OPERATIONS) {
        const mapped = toHttpError(new MediatorError(`failure ${code}`, code), operation, '/version');
        const retry = mapped.headers['retry-after'];
        if (mapped.status === Status.unavailable) {
          unavailable += 1;
          expect(retry, `${code} on ${operation}`).toMatch(/^[1-9]\d*$/);
        } else {
          expect(retry, `${code} on ${operation} (${mapped.status})`).toBeUndefined();
        }
      }
    }
    expect(unavailable).toBe(Object.values(STATUS_OF_CODE).filter((s) => s === Status.unavailable).length * OPERATIONS.length);
  });

  it('is not given to an unknown error (a bug is a 500, not a temporary condition)', () => {
    const mapped = toHttpError(new Error('boom'), 'default');
    expect(mapped.status).toBe(Status.internal);
    expect(mapped.headers).toEqual({});
  });
});
