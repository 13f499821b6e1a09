import { useState } from 'react';
import type { SuggestionQuestion } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { ModalDialog } from '../../ui/ConfirmDialog.js';

/**
 * The suggestion's ambiguous-source questions (issue 30): one radio group per question, its
 * candidates the input values the output value could come from, the suggestion's pick checked.
 * Applying re-requests the suggestion with the answers.
 */
export function SuggestQuestionsDialog({ questions, onClose }: { questions: readonly SuggestionQuestion[]; onClose: () => void }) {
  const answer = useWorkbench((s) => s.answerSuggestionQuestions);
  const [picks, setPicks] = useState<Record<string, string>>(() => Object.fromEntries(questions.map((q) => [q.id, q.chosen])));
  return (
    <ModalDialog
      title="Where does each value come from?"
      onCancel={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              onClose();
              void answer(Object.entries(picks).map(([question, choice]) => ({ question, choice })));
            }}
          >
            Apply answers
          </button>
        </>
      }
    >
      {questions.map((q) => (
        <fieldset key={q.id} className="suggest-question">
          <legend>
            The value <code>{q.value}</code>
          </legend>
          <p>{q.message}</p>
          {q.triple !== '' && (
            <p>
              In the output: <code>{q.triple}</code>
            </p>
          )}
          <div role="radiogroup" aria-label={`Source of ${q.value}`}>
            {q.candidates.map((c) => (
              <label key={c.id} className="checkbox">
                <input type="radio" name={q.id} value={c.id} checked={picks[q.id] === c.id} onChange={() => setPicks((p) => ({ ...p, [q.id]: c.id }))} />{' '}
                {c.source} = <code>{c.value}</code> ({c.transform})
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </ModalDialog>
  );
}
