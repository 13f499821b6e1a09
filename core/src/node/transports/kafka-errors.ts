/**
 * Why a Kafka call failed, in words an operator can act on (issue 40). The client wraps the cause
 * in layers ("createTopics failed 6 times." around each attempt's "SASL authentication failed."
 * around the broker's own message, or around the TLS error "self-signed certificate"): the reason
 * a failed channel shows is the chain from the outside in, the last attempt of each retry list
 * followed, each message once.
 */
interface Layered {
  readonly message?: unknown;
  readonly cause?: unknown;
  readonly errors?: unknown;
  /** The broker's own words (a ProtocolError's), e.g. "Authentication failed ... invalid credentials". */
  readonly serverErrorMessage?: unknown;
}

export function kafkaErrorReason(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    const layer = current as Layered;
    const message = typeof layer.message === 'string' ? layer.message : typeof current === 'string' ? current : '';
    for (const text of [message, layer.serverErrorMessage]) {
      const said = typeof text === 'string' ? text.trim().replace(/\.$/, '') : '';
      if (said !== '' && !parts.some((p) => p.toLowerCase() === said.toLowerCase())) parts.push(said);
    }
    const errors = Array.isArray(layer.errors) ? (layer.errors as unknown[]) : [];
    current = layer.cause ?? errors[errors.length - 1];
  }
  return parts.join(': ');
}
