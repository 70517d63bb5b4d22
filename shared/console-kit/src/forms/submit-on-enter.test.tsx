import { DatePicker, Input, Select } from '@arco-design/web-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { submitOnEnter } from './submit-on-enter';

function Editor({ onSubmit }: { onSubmit: () => void }) {
  return (
    <div onKeyDown={submitOnEnter(onSubmit)} role="presentation">
      <Input aria-label="name" />
      <Input.TextArea aria-label="notes" />
      <Select aria-label="kind" showSearch options={['a', 'b']} />
      <DatePicker aria-label="expiry" />
      <input type="checkbox" aria-label="flag" />
    </div>
  );
}

describe('submitOnEnter', () => {
  it('submits on Enter in a one-line field, once', async () => {
    const onSubmit = vi.fn();
    render(<Editor onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('name'), 'typed{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves Enter to a textarea, a select, a date picker and a checkbox', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<Editor onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('notes'), 'line{Enter}');
    await userEvent.type(container.querySelector('.arco-select input') as HTMLElement, 'a{Enter}');
    await userEvent.type(container.querySelector('.arco-picker input') as HTMLElement, '{Enter}');
    await userEvent.type(screen.getByLabelText('flag'), '{Enter}');
    await userEvent.type(screen.getByLabelText('name'), '{Shift>}{Enter}{/Shift}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
