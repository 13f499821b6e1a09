/**
 * In-process translation, build against build (issue 42, point 6): both builds of core loaded in
 * one process, each 11-cell golden pair translated in alternating slices (ABBA), CPU time per
 * message from `process.cpuUsage` (which other processes on a loaded machine move less than
 * wall-clock time). Prints per pair the median CPU time per message of each build and the median
 * of the slices' ratios (B's speed-up over A); the outputs of the two builds must be the same text.
 *
 *   node bench/dist/engine-ab.js <core-dist A> <core-dist B>
 *
 * Copy a build beside this one to compare (`cp -r core/dist core/dist-base`, git-ignored).
 * AB_ROUNDS (20), AB_SLICE_MS (100), AB_PAIRS (a part of the pairs' names), AB_VARY=1 (each
 * translation gets a text whose UUIDs differ, as a source's messages do: caches keyed by the
 * previous message then miss there), AB_ANSWER=1 (each build's POST /translation work item instead,
 * `runWorkItem` 'answer' from its node/services/work-items.js: the translation and the answer's
 * bytes, as a translation worker makes them per request). A measuring tool: nothing here is part of
 * `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Core from '@mediator/core';
import type * as WorkItems from '../core/src/node/services/work-items.js';
import { median } from './stats.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const ROUNDS = Number(process.env.AB_ROUNDS ?? '20');
const SLICE_MS = Number(process.env.AB_SLICE_MS ?? '100');
const PAIRS = process.env.AB_PAIRS ?? '';
const VARY = process.env.AB_VARY === '1';
const ANSWER = process.env.AB_ANSWER === '1';

interface Side {
  /** One message through the side's build: the translated text, or with AB_ANSWER the answer's bytes as text. */
  readonly run: (text: string) => Promise<string>;
}

interface Build {
  readonly core: typeof Core;
  readonly workItems: typeof WorkItems;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** The message, or with AB_VARY 256 copies of it whose UUIDs end differently. */
function texts(text: string): string[] {
  if (!VARY) return [text];
  const uuid = /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g;
  return Array.from({ length: 256 }, (_, i) => text.replace(uuid, (u) => `${u.slice(0, -6)}${String(100000 + i * 7 + (u.charCodeAt(0) % 5)).slice(-6)}`));
}

/** CPU microseconds per message over a slice of `ms`. */
async function slice(side: Side, inputs: readonly string[], ms: number): Promise<number> {
  const start = cpuNow();
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) await side.run(inputs[n++ % inputs.length]!);
  }
  return (cpuNow() - start) / n;
}

function sideOf(build: Build, alignments: Core.CompiledAlignment[]): Side {
  if (!ANSWER) return { run: async (text) => (await build.core.translateMessage(text, alignments)).message };
  const decoder = new TextDecoder();
  return {
    run: async (text) => {
      const item = { kind: 'answer', graphStr: text, trace: false, pretty: true, defaultGraph: false } as const;
      const answer = (await build.workItems.runWorkItem(item, alignments, 10_000, () => undefined)) as { body: Uint8Array };
      return decoder.decode(answer.body);
    },
  };
}

async function comparePair(pair: { pair: string; message: string; alignments: string[] }, builds: readonly Build[]): Promise<void> {
  const text = readFileSync(join(dataDir, pair.message), 'utf8');
  const sides: Side[] = [];
  const outputs: string[] = [];
  for (const build of builds) {
    const alignments = await Promise.all(pair.alignments.map((a) => build.core.compileAlignment(readFileSync(join(dataDir, a), 'utf8'))));
    const side = sideOf(build, alignments);
    sides.push(side);
    outputs.push(await side.run(text));
  }
  if (outputs[0] !== outputs[1]) {
    console.log(`${pair.pair}: the builds write different outputs`);
    process.exitCode = 1;
  }
  const inputs = texts(text);
  for (const side of sides) await slice(side, inputs, 300);
  const us: number[][] = [[], []];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: number[] = [];
    for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) round[k] = await slice(sides[k]!, inputs, SLICE_MS);
    us[0]!.push(round[0]!);
    us[1]!.push(round[1]!);
    ratios.push(round[0]! / round[1]!);
  }
  console.log(`${pair.pair.padEnd(40)} A ${median(us[0]!).toFixed(1)} us  B ${median(us[1]!).toFixed(1)} us  B speed-up ${median(ratios).toFixed(3)}x`);
}

const dirs = process.argv.slice(2, 4);
if (dirs.length !== 2) {
  console.error('usage: node bench/dist/engine-ab.js <core-dist A> <core-dist B>');
  process.exit(2);
}
const builds: Build[] = await Promise.all(
  dirs.map(async (dir) => ({
    core: (await import(pathToFileURL(join(resolve(dir), 'index.js')).href)) as typeof Core,
    workItems: (await import(pathToFileURL(join(resolve(dir), 'node/services/work-items.js')).href)) as typeof WorkItems,
  })),
);
const manifest = JSON.parse(readFileSync(join(dataDir, 'golden/manifest.json'), 'utf8')) as Array<{ pair: string; message: string; alignments: string[] }>;
// The 11-cell pairs: one alignment, CO_FIWARE or BodyCloud_CO.
const pairs = manifest.filter((m) => m.alignments.length === 1 && /(CO_FIWARE|BodyCloud_CO)\.rdf$/.test(m.alignments[0]!) && m.pair.includes(PAIRS));
console.log(
  `A ${dirs[0]}, B ${dirs[1]}: ${ROUNDS} rounds of ${SLICE_MS} ms slices per build${VARY ? ', UUIDs varied per message' : ''}${ANSWER ? ', the POST /translation work item (translation and answer bytes)' : ''}`,
);
for (const pair of pairs) await comparePair(pair, builds);
