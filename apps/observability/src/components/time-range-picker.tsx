// A date-time range picker over unix seconds. Arco's DatePicker is a file of its own (20 KiB), so
// the picker loads apart from the page: at once on a wide screen, and on a phone when first shown
// (the lists keep their search form closed there). Until it is here the range reads as text.
import { Input } from '@arco-design/web-react';
import {
  formatTime,
  isPhoneScreen,
  type LoadedComponent,
  loadOnce,
  useLoadedComponent,
} from '@switchyard/console-kit';
import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../lib/time';

export interface TimeRangePickerProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

/** At most the phone's width less the page and card padding. */
const WIDTH = { width: 'min(360px, calc(100vw - 80px))' };

const loadField = loadOnce(() =>
  import('./time-range-field').then((module) => module.TimeRangeField as LoadedComponent),
);
if (!isPhoneScreen()) void loadField().catch(() => undefined);

export function TimeRangePicker(props: TimeRangePickerProps) {
  const { t } = useTranslation('observability');
  const Field = useLoadedComponent('field', loadField) as ComponentType<
    TimeRangePickerProps & { style: CSSProperties }
  > | null;
  if (Field) return <Field {...props} style={WIDTH} />;
  return (
    <Input
      readOnly
      aria-label={t('filter.timeRange')}
      value={`${formatTime(props.value.start)} ~ ${formatTime(props.value.end)}`}
      style={WIDTH}
    />
  );
}
