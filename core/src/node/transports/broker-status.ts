/**
 * A broker's state as the API reports it, and a publish on behalf of a request (issue 40).
 *
 * ONE TRUTH: `reachable` in `GET /version?details=true` and the gauge `mediator_broker_connected`
 * both come from `brokerStatus`: a round trip to the broker within BROKER_PROBE_TIMEOUT_MS (the
 * transport's `probe`, which connects first if need be). A NATS broker that refused the first
 * connection used to be `reachable: true` (the transport had seen no connection to lose) while the
 * gauge, which probed, said 0.
 *
 * A DOWN BROKER IS A 503: a request that publishes (POST /topics/{topic}/messages) on a transport
 * whose broker is known to be down is refused at once, and one whose broker does not confirm within
 * REQUEST_PUBLISH_TIMEOUT_MS is refused then: 503 BROKER_UNAVAILABLE with Retry-After, not a 500
 * after the client library's own 30 s, and not logged as a bug.
 */
import { BadRequestError, ErrorCodes, MediatorError } from '../../common/errors.js';
import type { Transport } from '../../common/channels/transport.js';

/** How long a status check waits for the broker's answer. */
export const BROKER_PROBE_TIMEOUT_MS = 2000;
/** How long a request waits for the broker to confirm a message it publishes. */
export const REQUEST_PUBLISH_TIMEOUT_MS = 5000;
/** How often a publish in progress looks whether its broker became known down. */
const STATE_POLL_MS = 100;

export interface BrokerStatus {
  readonly reachable: boolean;
  readonly reason?: string;
}

/** Whether the transport's broker answers a round trip now; the in-process bus always does. */
export async function brokerStatus(transport: Transport, timeoutMs = BROKER_PROBE_TIMEOUT_MS): Promise<BrokerStatus> {
  if (transport.probe === undefined) return { reachable: true };
  if (await transport.probe(timeoutMs)) return { reachable: true };
  const known = transport.brokerState?.();
  const reason = known?.reachable === false && known.reason !== undefined ? known.reason : `the ${transport.kind} broker did not answer within ${timeoutMs} ms`;
  return { reachable: false, reason };
}

function unavailable(reason: string): MediatorError {
  return new MediatorError(`The message was not published: ${reason}. Try again when the broker is back.`, ErrorCodes.brokerUnavailable);
}

/**
 * Publishes for a request: refused with BROKER_UNAVAILABLE when the broker is known to be down or
 * does not confirm in time. Errors of ours (a topic name the broker does not take: 400; a message
 * past the bus's budget: 413) keep their codes; any other failure of the client library is the
 * broker's.
 */
export async function publishForRequest(transport: Transport, topic: string, value: string, timeoutMs = REQUEST_PUBLISH_TIMEOUT_MS): Promise<void> {
  const known = transport.brokerState?.();
  if (known?.reachable === false) throw unavailable(known.reason ?? `the ${transport.kind} broker cannot be reached`);
  const sent = transport.publish(topic, value);
  // Still settles after a timeout below (the client may deliver it once the broker is back): never unhandled.
  sent.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watch: ReturnType<typeof setInterval> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(unavailable(`the ${transport.kind} broker did not confirm it within ${timeoutMs} ms`)), timeoutMs);
    // A client library waits for its broker (and queues the message) while it connects: the first
    // publish to a broker that refuses connections learns it from the transport's state, not the timer.
    watch = setInterval(() => {
      const state = transport.brokerState?.();
      if (state?.reachable === false) reject(unavailable(state.reason ?? `the ${transport.kind} broker cannot be reached`));
    }, STATE_POLL_MS);
  });
  try {
    await Promise.race([sent, late]);
  } catch (error) {
    if (error instanceof MediatorError) throw error;
    throw unavailable(`the ${transport.kind} broker refused it: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
  }
}

/** The error a transport raises for a topic name its broker does not take: the client's to fix. */
export function illegalTopic(message: string): BadRequestError {
  return new BadRequestError(message, ErrorCodes.badRequest);
}
