import { useEffect, useId, useRef, useState } from 'react';

/**
 * A field whose typed text stays as typed while the XML holds its normalised form (a pattern loses
 * trailing spaces when written): the draft is replaced only when the document's value changes
 * to something the draft does not normalise to (an undo, an edit in the source).
 */
export function useDraft(value: string, normalize: (v: string) => string = (v) => v): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const draftRef = useRef(draft);
  useEffect(() => {
    if (normalize(draftRef.current) !== value) {
      draftRef.current = value;
      setDraft(value);
    }
  }, [value, normalize]);
  return [
    draft,
    (v) => {
      draftRef.current = v;
      setDraft(v);
    },
  ];
}

/** Trims: what a one-line field becomes once written. */
export const trimmed = (v: string) => v.trim();

/** A labelled text input that keeps what is typed while the document holds its trimmed form. */
export function DraftInput({ label, value, onChange, list }: { label: string; value: string; onChange: (v: string) => void; list?: string }) {
  const [draft, setDraft] = useDraft(value, trimmed);
  const id = useId();
  // Labelled by id, not by wrapping: a wrapping label's name would take in the input's own value.
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={draft}
        list={list}
        onChange={(e) => {
          setDraft(e.target.value);
          onChange(e.target.value);
        }}
      />
    </span>
  );
}
