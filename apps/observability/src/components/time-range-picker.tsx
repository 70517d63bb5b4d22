// A date-time range picker over unix seconds.
import { DatePicker } from '@arco-design/web-react';
import type { TimeRange } from '../lib/time';

export interface TimeRangePickerProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  return (
    <DatePicker.RangePicker
      showTime
      allowClear={false}
      // At most the phone's width less the page and card padding.
      style={{ width: 'min(360px, calc(100vw - 80px))' }}
      value={[value.start * 1000, value.end * 1000]}
      onChange={(_text, dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange({ start: start.unix(), end: end.unix() });
      }}
    />
  );
}
