/**
 * Cells from examples (issue 30): time to suggest an alignment from each single-alignment golden
 * pair, next to the time the engine takes to translate the same message with the real alignment
 * (same run, same machine), with the suggestion's cell count against the real alignment's firing
 * cells and whether it reproduces the example. Medians over rounds; printed, never asserted.
 */
import { applyAlignments, compileAlignment, readMessage, suggestAlignment, TermGraph, type CompiledAlignment } from '@mediator/core';
import { median } from './stats.js';

export interface SuggestPair {
  readonly name: string;
  readonly input: string;
  readonly output: string;
  readonly alignment: string;
}

export interface SuggestFigure {
  readonly pair: string;
  readonly suggestMs: number;
  readonly translateMs: number;
  readonly ratio: number;
  readonly cells: number;
  readonly realFiringCells: number;
  readonly reproduced: boolean;
  readonly questions: number;
}

async function translateMs(message: string, alignment: CompiledAlignment): Promise<{ ms: number; firing: number }> {
  const parsed = await readMessage(message);
  const payload = parsed.quads.filter((q) => q.graph.value === 'http://inter-iot.eu/message/payload');
  const samples: number[] = [];
  let firing = 0;
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const graph = TermGraph.fromQuads(payload);
    const { trace } = applyAlignments(graph, [alignment], { trace: true, timing: false });
    samples.push(performance.now() - started);
    firing = new Set((trace ?? []).filter((t) => t.solutions > 0).map((t) => t.cellId)).size;
  }
  return { ms: median(samples), firing };
}

export async function measureSuggestions(pairs: readonly SuggestPair[], rounds = 9): Promise<SuggestFigure[]> {
  const out: SuggestFigure[] = [];
  for (const p of pairs) {
    const real = await compileAlignment(p.alignment);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof suggestAlignment>> | undefined;
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      last = await suggestAlignment([{ input: p.input, output: p.output }]);
      times.push(performance.now() - started);
    }
    const t = await translateMs(p.input, real);
    const suggestMs = median(times);
    out.push({
      pair: p.name,
      suggestMs,
      translateMs: t.ms,
      ratio: suggestMs / Math.max(t.ms, 1e-6),
      cells: last?.cells ?? 0,
      realFiringCells: t.firing,
      reproduced: last?.checks.every((c) => c.reproduced) ?? false,
      questions: last?.questions.length ?? 0,
    });
  }
  return out;
}
