// A date-time range picker over unix seconds (Arco's RangePicker), loaded by time-range-picker.tsx.
import { DatePicker } from '@arco-design/web-react';
import { TIME_RANGE_WIDTH, type TimeRangePickerProps } from './time-range-picker';

export function TimeRangeField({ value, onChange }: TimeRangePickerProps) {
  return (
    <DatePicker.RangePicker
      showTime
      allowClear={false}
      style={{ width: TIME_RANGE_WIDTH }}
      value={[value.start * 1000, value.end * 1000]}
      onChange={(_text, dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange({ start: start.unix(), end: end.unix() });
      }}
    />
  );
}
