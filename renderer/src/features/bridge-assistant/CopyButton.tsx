import { useState } from 'react';

/** Copies a command to the clipboard; says so, or says to copy by hand when the browser refuses. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`${label}: ${text}`}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy' : label}
    </button>
  );
}

/** One command per line, each with its copy button; comment lines shown as notes. */
export function CommandList({ lines, testId }: { lines: readonly string[]; testId: string }) {
  return (
    <ul className="command-list" data-testid={testId}>
      {lines.map((line) =>
        line.startsWith('#') ? (
          <li key={line} className="command-note" data-testid="command-note">
            {line.replace(/^#\s*/, '')}
          </li>
        ) : (
          <li key={line} className="command">
            <code data-testid="command">{line}</code>
            <CopyButton text={line} />
          </li>
        ),
      )}
    </ul>
  );
}
