/**
 * Racing configuration changes against running mediators (issue 32), shared by the fleet's race
 * test (several processes on one NATS) and the single SQLite server's: each race is sent at once
 * and judged by the invariants it must keep, never by timings.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { api } from '../common/index.js';
import { request, uploadAlignment as upload, type Answer } from './processes.js';
import { readData } from './shared-data.js';

const REQUEST_MS = 30_000;

/** An alignment of the shared data renamed, so every round has its own (version 1.0). */
export function alignmentNamed(name: string, variant: 'a' | 'b' = 'a'): string {
  return variant === 'a'
    ? readData('alignments/CO_FIWARE.rdf').replace('<dcelem:title>CO_FIWARE_align</dcelem:title>', `<dcelem:title>${name}</dcelem:title>`)
    : readData('alignments/UniversAAL_CO.rdf')
        .replace('<dcelem:title>UniversAAL_CO_align</dcelem:title>', `<dcelem:title>${name}</dcelem:title>`)
        .replace('<exmo:version>3.0.1</exmo:version>', '<exmo:version>1.0</exmo:version>');
}

export function deleteAlignment(url: string, name: string): Promise<Answer> {
  return request(`${url}/alignments/${encodeURIComponent(name)}/1.0`, { method: 'DELETE', timeoutMs: REQUEST_MS });
}

export function createChannel(url: string, name: string, topic: string): Promise<Answer> {
  return request(`${url}/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: `${topic}.src`, sink: `${topic}.sink`, inpAlignmentName: name, inpAlignmentVersion: '1.0' }),
    timeoutMs: REQUEST_MS,
  });
}

const ok = (a: Answer): boolean => a.status >= 200 && a.status < 300;

/** Waits (bounded) until every process serves the alignment, so the race is one of changes, not of propagation. */
export async function everywhere(urls: readonly string[], name: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      if ((await request(`${url}/alignments/${encodeURIComponent(name)}/1.0`, { timeoutMs: REQUEST_MS })).status === 200) break;
      if (Date.now() > deadline) throw new Error(`${url} did not serve alignment ${name} within ${timeoutMs} ms`);
      await sleep(20);
    }
  }
}

/**
 * The delay of a round's DELETE: swept over 0 to 40 ms (a coprime step visits every value), where
 * the two changes meet on one nats-server and on SQLite (seen: each side wins about half the rounds).
 */
export function sweptDelay(round: number): number {
  return (round * 13) % 41;
}

export interface RaceTally {
  deleteWon: number;
  channelWon: number;
}

/**
 * One round: an alignment on every process, then DELETE of it (to `deleteUrl`, `deleteDelayMs`
 * after; negative: the creation that much after) and POST /channels naming it (to `createUrl`). A creation does more before it reaches the
 * store than a deletion, so the callers sweep the delay over the rounds: the two changes then meet
 * at every point of the creation's way, and each side wins some rounds. Exactly one wins; the loser's answer is the ordinary
 * one (400: in use, or the channel's alignment not found). When the deletion won, different content
 * uploaded under the same name and version must not bring a channel back.
 */
export async function raceDeleteWithCreate(
  urls: readonly string[],
  deleteUrl: string,
  createUrl: string,
  tag: string,
  tally: RaceTally,
  deleteDelayMs = 0,
): Promise<void> {
  const name = `race_${tag}`;
  expect((await upload(urls[0]!, alignmentNamed(name))).status).toBe(201);
  await everywhere(urls, name);
  // A negative delay holds the creation back instead.
  const [deleted, created] = await Promise.all([
    sleep(Math.max(0, deleteDelayMs)).then(() => deleteAlignment(deleteUrl, name)),
    sleep(Math.max(0, -deleteDelayMs)).then(() => createChannel(createUrl, name, `race.${tag}`)),
  ]);
  const story = `DELETE -> ${deleted.status} ${deleted.text}\nPOST /channels -> ${created.status} ${created.text}`;
  expect(ok(deleted) && ok(created), `both won: ${story}`).toBe(false);
  expect(Number(ok(deleted)) + Number(ok(created)), `exactly one wins: ${story}`).toBe(1);
  expect(ok(deleted) ? created.status : deleted.status, story).toBe(400);
  if (ok(deleted)) {
    tally.deleteWon++;
    expect((await upload(urls[1] ?? urls[0]!, alignmentNamed(name, 'b'))).status).toBe(201);
  } else {
    tally.channelWon++;
  }
}

/** Three (or more) DELETEs of one alignment at once: one 204, the others the ordinary not-found 400. */
export async function raceDeletes(urls: readonly string[], targets: readonly string[], tag: string): Promise<void> {
  const name = `deletes_${tag}`;
  expect((await upload(urls[0]!, alignmentNamed(name))).status).toBe(201);
  await everywhere(urls, name);
  const answers = await Promise.all(targets.map((url) => deleteAlignment(url, name)));
  const story = answers.map((a) => `${a.status} ${a.text}`).join('\n');
  expect(answers.filter((a) => a.status === 204).length, story).toBe(1);
  for (const a of answers.filter((x) => x.status !== 204)) {
    expect(a.status, story).toBe(400);
    expect(a.json<api.ErrorBody>().code, story).toBe('NOT_FOUND');
  }
}

/** DELETE of one channel (naming no alignment) sent to every target at once: one 204, the others the ordinary not-found 400. */
export async function raceChannelDeletes(urls: readonly string[], targets: readonly string[], tag: string): Promise<void> {
  const created = await request(`${urls[0]!}/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: `gone.${tag}.src`, sink: `gone.${tag}.sink` }),
    timeoutMs: REQUEST_MS,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json<{ id: number }>().id;
  const deadline = Date.now() + 10_000;
  for (const url of urls) {
    while (!(await request(`${url}/channels`, { timeoutMs: REQUEST_MS })).json<api.ChannelInfo[]>().some((c) => c.id === id)) {
      if (Date.now() > deadline) throw new Error(`${url} did not list channel ${id} within 10 s`);
      await sleep(20);
    }
  }
  const answers = await Promise.all(targets.map((url) => request(`${url}/channels/${id}`, { method: 'DELETE', timeoutMs: REQUEST_MS })));
  const story = answers.map((a) => `${a.status} ${a.text}`).join('\n');
  expect(answers.filter((a) => a.status >= 200 && a.status < 300).length, story).toBe(1);
  for (const a of answers.filter((x) => x.status >= 300)) expect(a.status, story).toBe(400);
}

/**
 * The fleet's invariants, after a bounded settle: every process lists the same channels, and
 * every listed channel's alignments are listed by it.
 */
export async function expectOneConfiguration(urls: readonly string[], settleMs = 5000): Promise<number> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const views = await Promise.all(
      urls.map(async (url) => {
        const channels = (await request(`${url}/channels`, { timeoutMs: REQUEST_MS })).json<api.ChannelInfo[]>();
        const alignments = (await request(`${url}/alignments`, { timeoutMs: REQUEST_MS })).json<api.AlignmentInfo[]>();
        const stored = new Set(alignments.map((a) => `${a.name}@${a.version}`));
        const orphans = channels.filter(
          (c) =>
            (c.inpAlignmentName !== '' && !stored.has(`${c.inpAlignmentName}@${c.inpAlignmentVersion}`)) ||
            (c.outAlignmentName !== '' && !stored.has(`${c.outAlignmentName}@${c.outAlignmentVersion}`)),
        );
        return { url, channels: channels.map((c) => `${c.id} ${c.source}`).sort(), orphans: orphans.map((c) => c.id) };
      }),
    );
    const same = views.every((v) => JSON.stringify(v.channels) === JSON.stringify(views[0]!.channels));
    const clean = views.every((v) => v.orphans.length === 0);
    if (same && clean) return views[0]!.channels.length;
    if (Date.now() > deadline) {
      expect(views, 'every process lists the same channels, none on an alignment that is not stored').toEqual(
        views.map((v) => ({ ...v, channels: views[0]!.channels, orphans: [] })),
      );
    }
    await sleep(100);
  }
}
