import { useState } from 'react';
import { alignmentKey, parseAlignmentKey, useWorkbench } from '../../store/index.js';
import { chainGaps } from './chain-gaps.js';

/** The ordered list of alignments a message goes through: add, reorder, remove. */
export function SequenceEditor() {
  const alignments = useWorkbench((s) => s.alignments);
  const sequence = useWorkbench((s) => s.sequence);
  const add = useWorkbench((s) => s.addToSequence);
  const remove = useWorkbench((s) => s.removeFromSequence);
  const move = useWorkbench((s) => s.moveInSequence);
  const [choice, setChoice] = useState('');
  const gaps = chainGaps(sequence, alignments);

  return (
    <section className="panel" aria-labelledby="sequence-title" data-drop-target="chain">
      <h2 id="sequence-title">Alignment sequence</h2>
      <div className="row">
        <label className="field inline">
          <span>Alignment</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">– choose an alignment –</option>
            {alignments.map((a) => (
              <option key={alignmentKey(a)} value={alignmentKey(a)}>
                {a.name} {a.version} ({a.cellCount} cells)
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={choice === ''}
          onClick={() => {
            add(parseAlignmentKey(choice));
          }}
        >
          Add to sequence
        </button>
      </div>
      {sequence.length === 0 ? (
        <p className="empty">No alignments: the message is returned unchanged. Add alignments in the order they apply.</p>
      ) : (
        <ol className="sequence" aria-label="Translation sequence">
          {sequence.map((a, i) => (
            <li key={`${i}-${a.name}-${a.version}`} data-testid="sequence-item">
              <span className="step-number">{i + 1}.</span>
              <span className="name">
                {a.name} <span className="hint">{a.version}</span>
              </span>
              <span className="actions">
                <button type="button" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move ${a.name} up`}>
                  ↑
                </button>
                <button type="button" onClick={() => move(i, 1)} disabled={i === sequence.length - 1} aria-label={`Move ${a.name} down`}>
                  ↓
                </button>
                <button type="button" onClick={() => remove(i)} aria-label={`Remove ${a.name} from the sequence`}>
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {gaps.length > 0 && (
        <div role="alert" className="warning" data-testid="chain-gaps">
          {gaps.map((g) => (
            <p key={g.index}>
              Step {g.index + 1} ({g.from.name} {g.from.version}) translates into {g.from.target}, but step {g.index + 2} ({g.to.name} {g.to.version}) reads{' '}
              {g.to.source}: the chain does not meet there, so step {g.index + 2} will find nothing to translate. Check the order.
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
