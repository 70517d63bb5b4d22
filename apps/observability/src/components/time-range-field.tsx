// A date-time range picker over unix seconds (Arco's RangePicker), loaded by time-range-picker.tsx.
import { DatePicker } from '@arco-design/web-react';
import type { CSSProperties } from 'react';
import type { TimeRangePickerProps } from './time-range-picker';

export function TimeRangeField({
  value,
  onChange,
  style,
}: TimeRangePickerProps & { style: CSSProperties }) {
  return (
    <DatePicker.RangePicker
      showTime
      allowClear={false}
      style={style}
      value={[value.start * 1000, value.end * 1000]}
      onChange={(_text, dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange({ start: start.unix(), end: end.unix() });
      }}
    />
  );
}
