/**
 * The editor's part of converting legacy alignments (issue 39, point 1): "Convert to IPSM-AF" while
 * the server says the editor's text is a legacy pure-XML alignment, and what the last conversion did
 * while its result is the open draft. Kept apart from the editor panel, which only places them.
 */
import { convertedFileName, hasLegacyProblem, useWorkbench, type AlignmentEditor } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

function editorFileName(editor: AlignmentEditor): string {
  return editor.source.kind === 'draft' ? editor.source.label : `${editor.source.id.name}-${editor.source.id.version}.xml`;
}

export function ConvertLegacyButton({ editor }: { editor: AlignmentEditor }) {
  const convert = useWorkbench((s) => s.convertLegacyDocument);
  const running = useWorkbench((s) => s.legacyConvert?.op.state === 'running');
  if (!hasLegacyProblem(editor.problems)) return null;
  return (
    <button type="button" className="primary" disabled={running} onClick={() => void convert(editorFileName(editor), editor.text)}>
      Convert to IPSM-AF
    </button>
  );
}

export function LegacyConvertStatus({ editor }: { editor: AlignmentEditor }) {
  const last = useWorkbench((s) => s.legacyConvert);
  if (last === undefined) return null;
  const isResult = editor.source.kind === 'draft' && editor.source.label === convertedFileName(last.fileName);
  const isSource = editorFileName(editor) === last.fileName;
  if (!(last.op.state === 'done' ? isResult : isSource)) return null;
  return <OperationStatus op={last.op} runningText={`Converting “${last.fileName}”…`} testId="legacy-convert-status" />;
}
