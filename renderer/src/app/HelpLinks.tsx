/**
 * The header's way out to documentation (issue 39, point 6): the server's Swagger UI (every REST
 * route, to try out) and a short guide to the workbench's screens.
 */
import { useState } from 'react';
import { useWorkbench } from '../store/index.js';
import { ModalDialog } from '../ui/ConfirmDialog.js';

/** The Swagger UI of the server the workbench talks to ('' = this page's own server). */
export function swaggerUrl(serverUrl: string): string {
  const base = serverUrl.trim() === '' ? '' : serverUrl.trim().replace(/\/*$/, '/');
  return `${base}swagger/`;
}

export function HelpLinks() {
  const serverUrl = useWorkbench((s) => s.serverUrl);
  const [open, setOpen] = useState(false);
  return (
    <div className="help-links">
      <a href={swaggerUrl(serverUrl)} target="_blank" rel="noopener noreferrer">
        API (Swagger UI)
      </a>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Help
      </button>
      {open && (
        <ModalDialog
          title="Getting started"
          onCancel={() => setOpen(false)}
          actions={
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          }
        >
          <ol className="help-steps">
            <li>
              <strong>Alignments</strong>: <em>Open samples</em> stores the sample alignments and puts a sample message in Translate. Drop, choose or paste your
              own alignment files; a legacy pure-XML alignment gets <em>Convert to IPSM-AF</em>. Open one to edit its source, see its cells and problems.
            </li>
            <li>
              <strong>Translate</strong>: pick alignments for the chain, a sample or your own message, and see the translated message, the payload diff and what
              each cell did.
            </li>
            <li>
              <strong>Channels</strong>: connect a broker topic to another through alignments, and send a test message through it.
            </li>
            <li>
              <strong>Test suites</strong>: keep message pairs as cases, run them after each change, and download a suite for <code>mediator test</code>.
            </li>
            <li>
              The REST API is documented, and can be tried, in the{' '}
              <a href={swaggerUrl(serverUrl)} target="_blank" rel="noopener noreferrer">
                Swagger UI
              </a>
              ; on the command line, <code>mediator help</code> lists every command (<code>mediator convert LEGACY.xml</code> among them).
            </li>
          </ol>
        </ModalDialog>
      )}
    </div>
  );
}
