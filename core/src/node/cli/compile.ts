/** `mediator compile`: each cell's SPARQL 1.1 Update, in step order. */
import { parseCommandArgs, UsageError, type CliIo } from './io.js';
import { loadAlignments } from './load-alignments.js';

export const COMPILE_USAGE = `  mediator compile ALIGN.rdf
      Print each cell's SPARQL 1.1 Update in step order.
`;

export async function compileCommand(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseCommandArgs({ args, allowPositionals: true, options: {} });
  const path = positionals[0];
  if (path === undefined || positionals.length > 1) throw new UsageError('compile takes exactly one ALIGN.rdf');
  const [compiled] = await loadAlignments([path], io);
  if (compiled === undefined) return 1;
  const total = compiled.steps.length;
  compiled.steps.forEach((c, i) => {
    io.stdout(`#### ${compiled.header.name} ${compiled.header.version} | step ${i + 1}/${total} | cell: ${c.cell.id}\n${c.sparql}\n`);
  });
  return 0;
}
