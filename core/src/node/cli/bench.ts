/** `mediator bench`: translation throughput of one message, with its same-run floor (../bench.ts). */
import { runBench } from '../bench.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';
import { loadAlignments } from './load-alignments.js';

export const BENCH_USAGE = `  mediator bench -a ALIGN.rdf [-a ...] MESSAGE.json [--seconds N]
      Measure translation throughput; prints one JSON line with messagesPerSecond, p50Ms, p99Ms
      and floorMessagesPerSecond (JSON-LD parse + serialise of the same message alone).
`;

export async function benchCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, seconds: { type: 'string' } },
  });
  const messagePath = positionals[0];
  if (messagePath === undefined || positionals.length > 1) throw new UsageError('bench takes exactly one MESSAGE.json');
  const seconds = values.seconds === undefined ? 3 : Number(values.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--seconds must be a positive number');
  const alignments = await loadAlignments(values.alignment ?? [], io);
  const text = await readInputText(messagePath, io);
  const result = await runBench(text, alignments, { seconds });
  io.stdout(`${JSON.stringify(result)}\n`);
  return 0;
}
