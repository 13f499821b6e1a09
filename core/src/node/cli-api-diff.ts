/**
 * `mediator api-diff OLD NEW [--json]` (issue 15): what changed between two Swagger 2.0 documents
 * of the middleware's mw2mw API. A table like the seed's section 9.4 by default; `--json` prints
 * `{from, to, changes: [{kind, subject, detail}]}`. Exit 0 whatever changed, 1 when a document
 * cannot be read (file:line:column: message), 2 on usage errors.
 */
import { parseArgs } from 'node:util';
import { diffApiDocuments, formatChangeTable, readSwaggerDocument } from '../common/index.js';
import { readInputText } from './cli-input.js';

export interface ApiDiffIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export const API_DIFF_USAGE = `  mediator api-diff OLD.yaml NEW.yaml [--json]
      What changed between two Swagger 2.0 documents (YAML or JSON) of the middleware's mw2mw
      API: a table like the seed's change history (version, changes, additions), or with --json
      {"from", "to", "changes": [{"kind", "subject", "detail"}]}.
`;

function readDocumentFile(path: string): Promise<string> {
  return readInputText(path);
}

/** Runs the verb; usage errors are answered here (exit 2), document errors are thrown for the CLI's handler (exit 1). */
export async function apiDiffCommand(args: readonly string[], io: ApiDiffIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    io.stderr(`mediator api-diff: ${(error as Error).message}\nUsage:\n${API_DIFF_USAGE}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout(`Usage:\n${API_DIFF_USAGE}`);
    return 0;
  }
  const [oldPath, newPath, ...extra] = parsed.positionals;
  if (oldPath === undefined || newPath === undefined || extra.length > 0) {
    io.stderr(`mediator api-diff: give exactly two documents, OLD and NEW\nUsage:\n${API_DIFF_USAGE}`);
    return 2;
  }
  const [oldText, newText] = await Promise.all([readDocumentFile(oldPath), readDocumentFile(newPath)]);
  const diff = diffApiDocuments(readSwaggerDocument(oldText, oldPath), readSwaggerDocument(newText, newPath));
  io.stdout(parsed.values.json === true ? `${JSON.stringify(diff, null, 2)}\n` : formatChangeTable([diff]));
  return 0;
}
