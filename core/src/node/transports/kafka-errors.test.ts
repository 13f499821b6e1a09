import { describe, expect, it } from 'vitest';
import { AuthenticationError, MultipleErrors, NetworkError, ResponseError } from '@platformatic/kafka';
import { kafkaErrorReason } from './kafka-errors.js';

describe('kafkaErrorReason', () => {
  it("follows the client's layers to the broker's words, the last attempt of each retry list, each message once", () => {
    const refused = new ResponseError(
      36,
      2,
      { '/': [58, 'Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256'] },
      {},
    );
    const attempt = (cause: Error) =>
      new NetworkError('Connection to 127.0.0.1:9093 failed.', { cause: new AuthenticationError('SASL authentication failed.', { cause }) });
    const error = new MultipleErrors('createTopics failed 2 times.', [attempt(new Error('first')), attempt(refused)]);
    const reason = kafkaErrorReason(error);
    expect(reason).toMatch(/^createTopics failed 2 times: Connection to 127\.0\.0\.1:9093 failed: SASL authentication failed: /);
    expect(reason).toContain('invalid credentials with SASL mechanism SCRAM-SHA-256');
    expect(reason).not.toContain('first');
  });

  it('reads a TLS failure under a connection error, and anything that is not an Error', () => {
    expect(kafkaErrorReason(new NetworkError('Connection failed.', { cause: new Error('self-signed certificate in certificate chain') }))).toBe(
      'Connection failed: self-signed certificate in certificate chain',
    );
    expect(kafkaErrorReason('plain words')).toBe('plain words');
  });
});
