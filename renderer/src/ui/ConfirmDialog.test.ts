// @vitest-environment jsdom
/** useConfirmation: a destructive action waits in a dialog; Cancel drops it, the confirm button runs it once. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConfirmation } from './ConfirmDialog.js';

beforeAll(() => {
  // jsdom may lack the modal API of <dialog>; the hook's logic does not depend on it.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

function Items({ onConfirm }: { onConfirm: (item: string) => void }) {
  const confirm = useConfirmation<string>({
    title: 'Delete item?',
    confirmLabel: 'Delete item',
    body: (item) => createElement('p', null, `Delete ${item}?`),
    onConfirm,
  });
  return createElement(
    'div',
    null,
    ['a', 'b'].map((item) => createElement('button', { key: item, type: 'button', onClick: () => confirm.ask(item) }, `Ask ${item}`)),
    confirm.dialog,
  );
}

describe('useConfirmation', () => {
  it('shows no dialog until asked, drops the item on Cancel, and confirms the item asked about', () => {
    const onConfirm = vi.fn();
    render(createElement(Items, { onConfirm }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();

    fireEvent.click(screen.getByText('Ask a'));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Delete a?');
    fireEvent.click(screen.getByText('Cancel'));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('Ask b'));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Delete b?');
    fireEvent.click(screen.getByText('Delete item'));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith('b');
  });
});
