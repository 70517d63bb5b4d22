import { render, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { i18next, initI18n } from '../i18n/i18n';
import { type RowAction, RowActions } from './row-actions';

function actions(handlers: Record<string, () => void>): RowAction[] {
  return [
    { key: 'copy', label: 'Copy', onClick: handlers.copy, testId: 'copy' },
    { key: 'edit', label: 'Edit', onClick: handlers.edit, testId: 'edit' },
    { key: 'disable', label: 'Disable', onClick: handlers.disable, testId: 'disable' },
    { key: 'locked', label: 'Locked', onClick: handlers.locked, disabled: true, testId: 'locked' },
    {
      key: 'delete',
      label: 'Delete',
      danger: true,
      confirm: { title: 'Sure to delete this row?', okText: 'Delete' },
      onClick: handlers.delete,
      testId: 'delete',
    },
  ];
}

// arco's popups animate in with pointer-events off; jsdom never ends the animation.
const userEvent = userEventBase.setup({ pointerEventsCheck: 0 });

const spies = () => ({
  copy: vi.fn(),
  edit: vi.fn(),
  disable: vi.fn(),
  locked: vi.fn(),
  delete: vi.fn(),
});

describe('RowActions', () => {
  beforeAll(async () => {
    initI18n();
    await i18next.changeLanguage('en');
  });

  it('shows the main actions as buttons and the rest behind a labelled "⋯" menu', async () => {
    const handlers = spies();
    render(<RowActions actions={actions(handlers)} testId="more" />);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.queryByText('Disable')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Disable', 'Locked', 'Delete']);
    await userEvent.click(within(menu).getByText('Disable'));
    expect(handlers.disable).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(handlers.copy).toHaveBeenCalledTimes(1);
  });

  it('keeps a dangerous action red and asks before acting', async () => {
    const handlers = spies();
    render(<RowActions actions={actions(handlers)} testId="more" />);
    await userEvent.click(screen.getByTestId('more'));
    const remove = await screen.findByTestId('delete');
    expect(remove).toHaveClass('sy-row-action-danger');
    await userEvent.click(remove);
    expect(await screen.findByText('Sure to delete this row?')).toBeVisible();
    expect(handlers.delete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(handlers.delete).toHaveBeenCalledTimes(1));
  });

  it('works from the keyboard: opens on ArrowDown, arrows move, Enter acts, Escape closes', async () => {
    const handlers = spies();
    const person = userEvent;
    render(<RowActions actions={actions(handlers)} testId="more" />);
    const more = screen.getByTestId('more');
    more.focus();
    await person.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByTestId('disable')).toHaveFocus());
    // The disabled item is skipped.
    await person.keyboard('{ArrowDown}');
    expect(screen.getByTestId('delete')).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(screen.getByTestId('disable')).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(handlers.disable).toHaveBeenCalledTimes(1);
    expect(more).toHaveFocus();

    await person.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('disable')).toHaveFocus());
    await person.keyboard('{Escape}');
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(handlers.locked).not.toHaveBeenCalled();
  });

  it('needs no menu when a row has two actions or fewer, and says it in Chinese too', async () => {
    await i18next.changeLanguage('zh');
    const { rerender } = render(
      <RowActions actions={[{ key: 'a', label: 'A' }, false, { key: 'b', label: 'B' }]} />,
    );
    expect(screen.queryByRole('button', { name: '更多操作' })).toBeNull();
    rerender(
      <RowActions
        main={1}
        actions={[
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B' },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: '更多操作' })).toBeVisible();
    await i18next.changeLanguage('en');
  });
});
