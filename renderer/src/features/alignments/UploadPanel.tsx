import { useRef } from 'react';
import { describeUpload, hasLegacyProblem, useWorkbench, type UploadEntry } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { readFiles } from './read-files.js';

export function UploadPanel() {
  const uploads = useWorkbench((s) => s.uploads);
  const progress = useWorkbench((s) => s.uploadProgress);
  const pasteText = useWorkbench((s) => s.pasteText);
  const pasteOp = useWorkbench((s) => s.pasteOp);
  const setPasteText = useWorkbench((s) => s.setPasteText);
  const uploadPasted = useWorkbench((s) => s.uploadPasted);
  const uploadDocuments = useWorkbench((s) => s.uploadDocuments);
  const clearUploads = useWorkbench((s) => s.clearUploads);
  const legacyConvert = useWorkbench((s) => s.legacyConvert);
  const picker = useRef<HTMLInputElement>(null);

  return (
    <section className="panel" aria-labelledby="upload-title">
      <div className="panel-header">
        <h2 id="upload-title">Upload</h2>
        <button type="button" onClick={() => picker.current?.click()}>
          Choose files…
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          accept=".rdf,.xml,.owl,application/xml,application/rdf+xml,text/xml"
          aria-label="Alignment files"
          className="visually-hidden"
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            void readFiles(files).then(uploadDocuments);
          }}
        />
      </div>
      <p className="hint">Drop .rdf or .xml files on this screen (several at once), choose files, or paste the XML below.</p>
      <label className="field">
        <span>Alignment XML</span>
        <textarea value={pasteText} onChange={(e) => setPasteText(e.target.value)} rows={4} spellCheck={false} placeholder="<rdf:RDF …>" />
      </label>
      <div className="row">
        <button type="button" onClick={() => void uploadPasted()} disabled={pasteOp.state === 'running'}>
          Upload pasted XML
        </button>
        <OperationStatus op={pasteOp} runningText="Uploading…" testId="paste-status" />
      </div>
      {progress !== undefined && (
        <p role="status" className="op op-running">
          <progress max={progress.total} value={progress.done} aria-label="Upload progress" /> Uploading {Math.min(progress.done + 1, progress.total)} of{' '}
          {progress.total}…
        </p>
      )}
      {uploads.length > 0 && (
        <>
          <div className="panel-header">
            <h3>Upload results</h3>
            <button type="button" onClick={clearUploads}>
              Clear
            </button>
          </div>
          <ul className="upload-results" aria-label="Upload results">
            {uploads.map((u) => (
              <UploadEntryItem key={u.key} entry={u} />
            ))}
          </ul>
          {legacyConvert !== undefined && legacyConvert.op.state !== 'done' && (
            <OperationStatus op={legacyConvert.op} runningText={`Converting “${legacyConvert.fileName}”…`} testId="legacy-convert-status" />
          )}
        </>
      )}
    </section>
  );
}

function UploadEntryItem({ entry }: { entry: UploadEntry }) {
  const openInEditor = useWorkbench((s) => s.openUploadInEditor);
  const dismiss = useWorkbench((s) => s.dismissUpload);
  const convert = useWorkbench((s) => s.convertLegacyDocument);
  const converting = useWorkbench((s) => s.legacyConvert?.op.state === 'running');
  const legacy = hasLegacyProblem(entry.problems);
  const bad = entry.status === 'invalid' || entry.status === 'conflict' || entry.status === 'failed';
  const problems = entry.problems.filter((p) => p.severity === 'error').length;
  return (
    <li className={`upload-result status-${entry.status}`} data-testid="upload-result" data-file={entry.fileName} data-status={entry.status}>
      <span className="badge">{describeUpload(entry.status)}</span>
      <strong>{entry.fileName}</strong>
      {entry.message !== '' && <span className="message">{entry.message}</span>}
      {problems > 0 && <span className="count">{problems} problem(s)</span>}
      <span className="actions">
        {legacy && (
          <button type="button" className="primary" disabled={converting} onClick={() => void convert(entry.fileName, entry.text)}>
            Convert to IPSM-AF
          </button>
        )}
        {(bad || entry.problems.length > 0) && entry.status !== 'uploading' && (
          <button type="button" onClick={() => openInEditor(entry.key)} aria-label={`Open in editor: ${entry.fileName}`}>
            Open in editor
          </button>
        )}
        <button type="button" onClick={() => dismiss(entry.key)} aria-label={`Dismiss ${entry.fileName}`}>
          ✕
        </button>
      </span>
    </li>
  );
}
