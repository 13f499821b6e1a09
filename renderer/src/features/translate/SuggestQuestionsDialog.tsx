import { useMemo, useState } from 'react';
import type { SuggestionQuestion } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { ModalDialog } from '../../ui/ConfirmDialog.js';
import { BlankNames, contextPrefixes, naturalCompare, readable } from './readable-terms.js';

/**
 * The suggestion's ambiguous-source questions (issue 30): one radio group per question, its
 * candidates the input values the output value could come from, the suggestion's pick checked.
 * Applying re-requests the suggestion with the answers. Text is made readable (issue 41): IRIs
 * with the messages' prefixes, blank nodes named, questions in natural order, long text wrapped.
 */
export function SuggestQuestionsDialog({
  questions: given,
  onClose,
  messages,
}: {
  questions: readonly SuggestionQuestion[];
  onClose: () => void;
  /** The example messages, whose `@context` prefixes name IRIs. */
  messages: readonly string[];
}) {
  const answer = useWorkbench((s) => s.answerSuggestionQuestions);
  const prefixes = useMemo(() => contextPrefixes(messages), [messages]);
  const blanks = useMemo(() => new BlankNames(), []);
  const show = (text: string): string => readable(text, prefixes, blanks);
  const questions = useMemo(() => [...given].sort((a, b) => naturalCompare(a.triple || a.value, b.triple || b.value)), [given]);
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
          {/* A question with no value asks which messages the cells made from the examples are for. */}
          <legend>
            {q.value === '' ? (
              'Which messages the cells apply to'
            ) : (
              <>
                The value <code>{show(q.value)}</code>
              </>
            )}
          </legend>
          <p>{show(q.message)}</p>
          {q.triple !== '' && (
            <p>
              In the output: <code>{show(q.triple)}</code>
            </p>
          )}
          <div role="radiogroup" aria-label={q.value === '' ? 'Messages the cells apply to' : `Source of ${q.value}`}>
            {q.candidates.map((c) => (
              <label key={c.id} className="checkbox">
                <input type="radio" name={q.id} value={c.id} checked={picks[q.id] === c.id} onChange={() => setPicks((p) => ({ ...p, [q.id]: c.id }))} />{' '}
                {c.value === '' ? (
                  <>
                    {show(c.source)} ({show(c.transform)})
                  </>
                ) : c.transform === 'a constant' ? (
                  <>
                    a constant: always <code>{show(c.value)}</code>
                  </>
                ) : (
                  <>
                    {show(c.source)} = <code>{show(c.value)}</code> ({show(c.transform)})
                  </>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </ModalDialog>
  );
}
