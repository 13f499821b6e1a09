import { afterAll } from 'vitest';
import { EmbeddedBus } from './embedded-bus.js';
import { describeTransportContract } from './transport-contract.js';

const bus = new EmbeddedBus({ redeliveryDelayMs: 50 });
afterAll(() => bus.close());

// Every call is another client of the same in-process bus (as a second connection to a broker).
describeTransportContract('embedded bus', () => bus.connect());
