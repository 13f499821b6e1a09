import { createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, headers, type NatsConnection } from 'nats';
import { seededRandom } from '../../test-support/payload-variants.js';
import { JetStreamAsyncPublisher, NatsOutbox } from './nats-async-publisher.js';
import { commandQueueOf, writeFrames, type NatsFrame } from './nats-frames.js';

/**
 * A server that speaks just enough NATS for the client to connect (INFO, PONG) and keeps every
 * byte the client writes after its CONNECT: the client's own publish is the reference the frames
 * are compared with, byte for byte.
 */
class RecordingServer {
  private received = Buffer.alloc(0);
  private readonly sockets = new Set<Socket>();

  private constructor(readonly server: Server) {}

  static async start(maxPayload = 1024 * 1024): Promise<RecordingServer> {
    const server = createServer();
    const self = new RecordingServer(server);
    server.on('connection', (socket) => {
      self.sockets.add(socket);
      socket.on('close', () => self.sockets.delete(socket));
      socket.on('error', () => undefined);
      const port = (server.address() as { port: number }).port;
      socket.write(
        `INFO ${JSON.stringify({ server_id: 'recording', version: '2.10.0', proto: 1, headers: true, max_payload: maxPayload, host: '127.0.0.1', port })}\r\n`,
      );
      socket.on('data', (chunk: Buffer) => {
        self.received = Buffer.concat([self.received, chunk]);
        // Every PING the client sends (its connect handshake, flush()) gets its PONG.
        let at = 0;
        for (;;) {
          const ping = chunk.indexOf('PING\r\n', at);
          if (ping < 0) break;
          socket.write('PONG\r\n');
          at = ping + 6;
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return self;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** The bytes received since the last take, up to the PING of the client's flush (left out). */
  async take(nc: NatsConnection): Promise<Buffer> {
    await nc.flush();
    const all = this.received;
    this.received = Buffer.alloc(0);
    const end = all.lastIndexOf('PING\r\n');
    return end < 0 ? all : all.subarray(0, end);
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.server.close();
    await once(this.server, 'close');
  }
}

let server: RecordingServer | undefined;
let nc: NatsConnection | undefined;

afterEach(async () => {
  await nc?.close();
  nc = undefined;
  await server?.stop();
  server = undefined;
});

async function connected(maxPayload?: number): Promise<{ server: RecordingServer; nc: NatsConnection }> {
  server = await RecordingServer.start(maxPayload);
  nc = await connect({ servers: `127.0.0.1:${server.port}`, reconnect: false, noAsyncTraces: true });
  // The connect handshake's own bytes are not what is compared.
  await server.take(nc);
  return { server, nc };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

/** Frames as channels write them (outputs with an id and an inbox reply, acks, naks, working) and odder ones. */
function frames(next: () => number, n: number): NatsFrame[] {
  const out: NatsFrame[] = [];
  for (let i = 0; i < n; i++) {
    const kind = next();
    const size = pick(next, [0, 1, 4, 13, 200, 1500, 5300, 40_000]);
    const payload = new Uint8Array(Math.floor(next() * size));
    // Any bytes, CR and LF among them: a payload is counted, never scanned.
    for (let b = 0; b < payload.length; b++) payload[b] = pick(next, [0x0d, 0x0a, 0x20, 0x7b, 0xc3, 0xa9, 0x00, Math.floor(next() * 256)]);
    out.push({
      subject: pick(next, ['MEDIATOR.bench.r1.sink', '$JS.ACK.S.C.1.42.42.1700000000000000000.0', 'a', 'sujet.é.ü', 'x.y.z_0-9']),
      replyTo: kind < 0.4 ? '' : pick(next, ['_INBOX.ABCDEF.1', '_INBOX.xyz.zz9', 'réponse.1']),
      msgId: kind < 0.5 ? undefined : pick(next, ['0', 'e2b1-17', `${Math.floor(next() * 1e12).toString(36)}-${i}`, 'id with spaces']),
      payload,
    });
  }
  return out;
}

/** The client's own publish of a frame, as the transport wrote it before frames. */
function clientPublish(c: NatsConnection, f: NatsFrame): void {
  const h = f.msgId === undefined ? undefined : headers();
  if (h !== undefined) h.set('Nats-Msg-Id', f.msgId!);
  c.publish(f.subject, f.payload, { ...(f.replyTo === '' ? {} : { reply: f.replyTo }), ...(h === undefined ? {} : { headers: h }) });
}

describe('NATS frames', () => {
  it('the client in use has the command queue the frames are written to', async () => {
    const { nc: c } = await connected();
    expect(commandQueueOf(c)).toBeDefined();
  });

  it('writes the bytes the client writes for the same publishes, for generated frames', async () => {
    const { server: s, nc: c } = await connected();
    const next = seededRandom(42);
    for (let round = 0; round < 40; round++) {
      const batch = frames(next, 1 + Math.floor(next() * 30));
      const before = c.stats();
      for (const f of batch) clientPublish(c, f);
      const theirs = await s.take(c);
      const between = c.stats();
      writeFrames(c, batch);
      const ours = await s.take(c);
      const after = c.stats();
      expect(ours.length).toBe(theirs.length);
      expect(ours.equals(theirs)).toBe(true);
      // The client's counters (nc.stats()) move as its own publishes move them.
      expect(after.outMsgs - between.outMsgs).toBe(between.outMsgs - before.outMsgs);
      expect(after.outBytes - between.outBytes).toBe(between.outBytes - before.outBytes);
    }
  });

  it('an outbox writes its publishes and calls of a turn in the order they were queued', async () => {
    const { server: s, nc: c } = await connected();
    const next = seededRandom(7);
    const batch = frames(next, 24);
    for (const f of batch) clientPublish(c, f);
    const theirs = await s.take(c);
    const outbox = new NatsOutbox();
    batch.forEach((f, i) => {
      // Every third one through a deferred call, the rest as queued frames.
      if (i % 3 === 0) outbox.defer(() => clientPublish(c, f));
      else outbox.publish(c, f.subject, f.replyTo, f.msgId, f.payload);
    });
    // Nothing is written before the turn ends.
    expect(commandQueueOf(c)!.outMsgs).toBe(c.stats().outMsgs);
    await new Promise((resolve) => setImmediate(resolve));
    const ours = await s.take(c);
    expect(ours.equals(theirs)).toBe(true);
  });

  it('refuses a message over the server max_payload without writing it, and the connection stays usable', async () => {
    const { server: s, nc: c } = await connected(1000);
    const big: NatsFrame = { subject: 'MEDIATOR.x', replyTo: '_INBOX.a.1', msgId: 'id-1', payload: new Uint8Array(990) };
    const small: NatsFrame = { subject: 'MEDIATOR.x', replyTo: '', msgId: undefined, payload: new Uint8Array(10) };
    expect(() => writeFrames(c, [small, big])).toThrow(expect.objectContaining({ code: 'MAX_PAYLOAD_EXCEEDED' }));
    expect((await s.take(c)).length).toBe(0);

    const outbox = new NatsOutbox();
    const publisher = new JetStreamAsyncPublisher(c, outbox, 5000);
    await s.take(c); // the publisher's inbox subscription
    await expect(publisher.publish('MEDIATOR.x', new Uint8Array(990), 'id-2')).rejects.toMatchObject({ code: 'MAX_PAYLOAD_EXCEEDED' });
    // 969 bytes of payload and the 31-byte header block of 'id-3': at the limit, written.
    void publisher.publish('MEDIATOR.x', new Uint8Array(969), 'id-3').catch(() => undefined);
    outbox.flush();
    const written = await s.take(c);
    expect(written.subarray(0, 5).toString()).toBe('HPUB ');
    expect(c.isClosed()).toBe(false);
    publisher.close();
  });
});
