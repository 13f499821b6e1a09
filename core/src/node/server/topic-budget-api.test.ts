/**
 * The embedded bus's byte budget over a real port (issue 40): test messages to many distinct long
 * topics keep the bus within its budget, topics included, and a topic name past the limit is a
 * JSON 400 NAME_TOO_LONG, whatever the message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../common/index.js';
import { EmbeddedBus, MAX_TOPIC_NAME_LENGTH, RETAINED_OVERHEAD, topicBytes } from '../transports/embedded-bus.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const BUDGET = 256 * 1024;
let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('topic-budget', { topicBudgetBytes: BUDGET });
});

afterAll(async () => {
  await running.stop();
});

const publish = (topic: string, body = '1'): Promise<Response> =>
  fetch(`${running.server.url}/topics/${encodeURIComponent(topic)}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the embedded bus budget through POST /topics/{topic}/messages', () => {
  it('keeps distinct long topics within the budget, their names and state counted', async () => {
    const name = (i: number): string => `t${i}-`.padEnd(MAX_TOPIC_NAME_LENGTH, 'é');
    const sent = 600;
    for (let i = 0; i < sent; i++) expect((await publish(name(i))).status).toBe(202);
    const bus = running.server.runner.transport;
    expect(bus).toBeInstanceOf(EmbeddedBus);
    const topics = (bus as EmbeddedBus).topics();
    const counted = topics.reduce((sum, t) => sum + topicBytes(t.topic) + t.retained * (1 + RETAINED_OVERHEAD), 0);
    expect(counted).toBeLessThanOrEqual(BUDGET);
    // 600 such topics are about 1.6 MB: only the newest fit.
    expect(topics.length).toBeLessThan(sent / 4);
    const newest = await fetch(`${running.server.url}/topics/${encodeURIComponent(name(sent - 1))}/messages`);
    expect(await newest.json()).toMatchObject([{ value: '1' }]);
  });

  it('answers a topic name past the limit with 400 NAME_TOO_LONG JSON', async () => {
    const reply = await publish('x'.repeat(MAX_TOPIC_NAME_LENGTH + 1), '{"a":1}');
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ code: ErrorCodes.nameTooLong, message: expect.stringContaining(String(MAX_TOPIC_NAME_LENGTH)) });
    expect((await publish('x'.repeat(MAX_TOPIC_NAME_LENGTH), '{"a":1}')).status).toBe(202);
  });
});
