import { formatTime } from '@switchyard/console-kit';
import { installMatchMedia, renderPage } from '@switchyard/console-kit/testing';
import { screen } from '@testing-library/react';
import type { TimeRange } from '../lib/time';
import { RemoteRoot } from '../remote';

const RANGE: TimeRange = { start: 1_763_000_000, end: 1_763_086_400 };

/** Imports the picker afresh at `width`, counting loads of Arco's picker behind it. */
async function importAt(width: number) {
  vi.resetModules();
  const loaded = vi.fn();
  vi.doMock('./time-range-field', async (importOriginal) => {
    loaded();
    return importOriginal();
  });
  window.innerWidth = width;
  const { TimeRangePicker } = await import('./time-range-picker');
  return { TimeRangePicker, loaded };
}

describe('TimeRangePicker', () => {
  beforeAll(() => installMatchMedia());
  afterEach(() => {
    vi.doUnmock('./time-range-field');
    window.innerWidth = 1024;
  });

  it('on a phone loads Arco’s picker only when shown, reading the range as text until then', async () => {
    const { TimeRangePicker, loaded } = await importAt(390);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).not.toHaveBeenCalled();
    const onChange = vi.fn();
    await renderPage(
      <RemoteRoot>
        <TimeRangePicker value={RANGE} onChange={onChange} />
      </RemoteRoot>,
      { language: 'zh' },
    );
    const text = screen.getByLabelText('时间范围');
    expect(text).toHaveValue(`${formatTime(RANGE.start)} ~ ${formatTime(RANGE.end)}`);
    expect(text).toHaveAttribute('readonly');
    const picker = await screen.findByPlaceholderText('开始日期');
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(picker).toHaveValue(formatTime(RANGE.start));
    expect(screen.queryByLabelText('时间范围')).toBeNull();
  });

  it('on a wide screen loads it with the page, before it is shown', async () => {
    const { TimeRangePicker, loaded } = await importAt(1440);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    await renderPage(
      <RemoteRoot>
        <TimeRangePicker value={RANGE} onChange={() => undefined} />
      </RemoteRoot>,
      { language: 'zh' },
    );
    expect(await screen.findByPlaceholderText('开始日期')).toHaveValue(formatTime(RANGE.start));
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue(formatTime(RANGE.end));
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
