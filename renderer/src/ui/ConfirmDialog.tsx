import { useEffect, useId, useRef, type ReactNode } from 'react';
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
