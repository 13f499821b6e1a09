import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFocusReturn } from './use-focus-return.js';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export interface ModalDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** The buttons, in the order shown. */
  readonly actions: ReactNode;
  readonly onCancel: () => void;
}

/** A modal confirmation (native <dialog>: focus trap, Escape to cancel; focus returns to the opener). */
export function ConfirmDialog({ title, children, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}

export interface Confirmation<T> {
  readonly title: string;
  readonly confirmLabel: string;
  /** The dialog's text about the item waiting for confirmation. */
  readonly body: (item: T) => ReactNode;
  readonly onConfirm: (item: T) => void;
}

/**
 * A destructive action on an item that waits for the user's word (issue 25: none happens at once):
 * `ask(item)` opens a ConfirmDialog, which `dialog` renders while it is open; Cancel only closes
 * it, the confirm button closes it and runs `onConfirm(item)`.
 */
export function useConfirmation<T>(confirmation: Confirmation<T>): { readonly ask: (item: T) => void; readonly dialog: ReactNode } {
  // Boxed, so that an item that is itself undefined still reads as asked.
  const [pending, setPending] = useState<{ readonly item: T } | undefined>(undefined);
  const dialog =
    pending === undefined ? null : (
      <ConfirmDialog
        title={confirmation.title}
        confirmLabel={confirmation.confirmLabel}
        onCancel={() => setPending(undefined)}
        onConfirm={() => {
          setPending(undefined);
          confirmation.onConfirm(pending.item);
        }}
      >
        {confirmation.body(pending.item)}
      </ConfirmDialog>
    );
  return { ask: (item) => setPending({ item }), dialog };
}

/** A native modal <dialog> with a title, a body and actions; Escape cancels. */
export function ModalDialog({ title, children, actions, onCancel }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useFocusReturn();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
