/**
 * The middleware's side of the mediator, as INTER-MW 2.5.0 runs it (middleware-and-dashboard.md
 * B.2-B.7), rewritten from its behaviour for the replay test: `IPSMApiClient` (GET /channels read
 * with Jackson's default strictness, POST /channels with its ChannelInput body, DELETE, POST
 * /alignments as XML), the topic names of `DefaultIPSMRequestManager` with its escaping, and the
 * per-platform channel reconciliation of `setupChannelsForPlatform`. Any non-2xx answer throws, as
 * the Java client's MiddlewareException does.
 */
import { decodeStrictList, JAVA_CLASSES } from './strict-decoder.js';

export interface MwChannelInfo {
  readonly id: number;
  readonly uuid: string;
  readonly source: string;
  readonly sink: string;
  readonly inpAlignmentName: string;
  readonly inpAlignmentVersion: string;
  readonly outAlignmentName: string;
  readonly outAlignmentVersion: string;
  readonly consumerGroup: string;
  readonly descId: string;
  readonly parallelism: number;
}

/** The eight alignment fields a platform registration carries (B.7); "" = none. */
export interface PlatformAlignments {
  readonly downstreamInputAlignmentName: string;
  readonly downstreamInputAlignmentVersion: string;
  readonly downstreamOutputAlignmentName: string;
  readonly downstreamOutputAlignmentVersion: string;
  readonly upstreamInputAlignmentName: string;
  readonly upstreamInputAlignmentVersion: string;
  readonly upstreamOutputAlignmentName: string;
  readonly upstreamOutputAlignmentVersion: string;
}

/** `escapeTopicName`: Java `name.replaceAll("[:/#]+", "_")` over the whole topic name. */
export function escapeTopicName(name: string): string {
  return name.replace(/[:/#]+/gu, '_');
}

export function middlewareTopics(platformId: string): { downstream: { source: string; sink: string }; upstream: { source: string; sink: string } } {
  return {
    downstream: { source: escapeTopicName(`mw-ipsm-downstream-${platformId}`), sink: escapeTopicName(`ipsm-mw-downstream-${platformId}`) },
    upstream: { source: escapeTopicName(`mw-ipsm-upstream-${platformId}`), sink: escapeTopicName(`ipsm-mw-upstream-${platformId}`) },
  };
}

/** What one reconciliation did, per direction. */
export type ReconcileAction = 'created' | 'kept' | 'recreated' | 'deleted' | 'none';

export class MiddlewareIpsmClient {
  /** Every request made, `METHOD path status`, for the test's account of the conversation. */
  readonly log: string[] = [];

  constructor(private readonly baseUrl: string) {}

  private async send(method: string, path: string, body?: { type: string; text: string }): Promise<{ status: number; text: string }> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = body.text;
      init.headers = { accept: 'application/json', 'content-type': body.type };
    }
    const reply = await fetch(`${this.baseUrl}${path}`, init);
    const text = await reply.text();
    this.log.push(`${method} ${path} ${reply.status}`);
    if (reply.status < 200 || reply.status > 299) throw new Error(`Response from IPSM API: ${reply.status}: ${text}.`);
    return { status: reply.status, text };
  }

  async getChannels(): Promise<MwChannelInfo[]> {
    const { text } = await this.send('GET', '/channels');
    return decodeStrictList<MwChannelInfo>(JAVA_CLASSES.ChannelInfo, JSON.parse(text));
  }

  /** `Entity.json(ChannelInput)`: the six names plus parallelism 1. */
  async createChannel(source: string, sink: string, inp: readonly [string, string], out: readonly [string, string]): Promise<void> {
    const input = {
      source,
      sink,
      inpAlignmentName: inp[0],
      inpAlignmentVersion: inp[1],
      outAlignmentName: out[0],
      outAlignmentVersion: out[1],
      parallelism: 1,
    };
    await this.send('POST', '/channels', { type: 'application/json', text: JSON.stringify(input) });
  }

  async deleteChannel(id: number): Promise<void> {
    await this.send('DELETE', `/channels/${id}`);
  }

  /** `uploadAlignment` (the tests' `Entity.xml`): 201 new, 208 the same content again. */
  async uploadAlignment(xml: string): Promise<number> {
    return (await this.send('POST', '/alignments', { type: 'application/xml', text: xml })).status;
  }

  /** `setupChannelsForPlatform`: per direction, create, keep, or delete and recreate. */
  async setupChannelsForPlatform(platformId: string, a: PlatformAlignments): Promise<{ downstream: ReconcileAction; upstream: ReconcileAction }> {
    const topics = middlewareTopics(platformId);
    const channels = await this.getChannels();
    const downstream = await this.reconcile(
      channels,
      topics.downstream,
      [a.downstreamInputAlignmentName, a.downstreamInputAlignmentVersion],
      [a.downstreamOutputAlignmentName, a.downstreamOutputAlignmentVersion],
    );
    const upstream = await this.reconcile(
      channels,
      topics.upstream,
      [a.upstreamInputAlignmentName, a.upstreamInputAlignmentVersion],
      [a.upstreamOutputAlignmentName, a.upstreamOutputAlignmentVersion],
    );
    return { downstream, upstream };
  }

  private async reconcile(
    channels: readonly MwChannelInfo[],
    topics: { source: string; sink: string },
    inp: readonly [string, string],
    out: readonly [string, string],
  ): Promise<ReconcileAction> {
    const existing = channels.find((c) => c.source === topics.source && c.sink === topics.sink);
    if (inp[0] === '' && out[0] === '') {
      if (existing === undefined) return 'none';
      await this.deleteChannel(existing.id);
      return 'deleted';
    }
    if (existing === undefined) {
      await this.createChannel(topics.source, topics.sink, inp, out);
      return 'created';
    }
    const same =
      existing.inpAlignmentName === inp[0] &&
      existing.inpAlignmentVersion === inp[1] &&
      existing.outAlignmentName === out[0] &&
      existing.outAlignmentVersion === out[1];
    if (same) return 'kept';
    await this.deleteChannel(existing.id);
    await this.createChannel(topics.source, topics.sink, inp, out);
    return 'recreated';
  }

  /** `removeChannelsForPlatform`: deletes both channels if present. */
  async removeChannelsForPlatform(platformId: string): Promise<number> {
    const topics = middlewareTopics(platformId);
    let removed = 0;
    for (const channel of await this.getChannels()) {
      const ours = [topics.downstream, topics.upstream].some((t) => t.source === channel.source && t.sink === channel.sink);
      if (!ours) continue;
      await this.deleteChannel(channel.id);
      removed++;
    }
    return removed;
  }
}
