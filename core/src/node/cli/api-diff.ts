/**
 * `mediator api-diff OLD NEW [--json]` (issue 15): what changed between two Swagger 2.0 documents
 * of the middleware's mw2mw API. A table like the seed's section 9.4 by default; `--json` prints
 * `{from, to, changes: [{kind, subject, detail}]}`. Exit 0 whatever changed, 1 when a document
 * cannot be read (file:line:column: message), 2 on usage errors.
 */
import { diffApiDocuments, formatChangeTable } from '../../common/index.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const API_DIFF_USAGE = `  mediator api-diff OLD.yaml NEW.yaml [--json]
      What changed between two Swagger 2.0 documents (YAML or JSON) of the middleware's mw2mw
      API: a table like the seed's change history (version, changes, additions), or with --json
      {"from", "to", "changes": [{"kind", "subject", "detail"}]}.
`;

/** Runs the verb; usage errors (exit 2) and document errors (exit 1) are thrown for the CLI's handler. */
export async function apiDiffCommand(args: readonly string[], io: Pick<CliIo, 'stdout' | 'stderr'>): Promise<number> {
  const usage = { prefix: 'mediator api-diff', help: `Usage:\n${API_DIFF_USAGE}` };
  const parsed = parseCommandArgs(
    { args: [...args], options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true },
    usage,
  );
  if (parsed.values.help === true) {
    io.stdout(`Usage:\n${API_DIFF_USAGE}`);
    return 0;
  }
  const [oldPath, newPath, ...extra] = parsed.positionals;
  if (oldPath === undefined || newPath === undefined || extra.length > 0) {
    throw new UsageError('give exactly two documents, OLD and NEW', usage);
  }
  const [oldText, newText] = await Promise.all([readInputText(oldPath), readInputText(newPath)]);
  // Loaded here, not with the CLI: the `yaml` package under it stays out of every other command's start.
  const { readSwaggerDocument } = await import('../../common/mw-api-history/swagger-model.js');
  const diff = diffApiDocuments(readSwaggerDocument(oldText, oldPath), readSwaggerDocument(newText, newPath));
  io.stdout(parsed.values.json === true ? `${JSON.stringify(diff, null, 2)}\n` : formatChangeTable([diff]));
  return 0;
}
