// Editable and interactive cells of the channel list: priority/weight in place, the test button.
import { Dropdown, InputNumber, Menu } from '@arco-design/web-react';
import { type Channel, splitList } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { cloneElement, isValidElement } from 'react';
import type { ColumnHandlers } from './channel-columns';

export function NumberCell({
  channel,
  field,
  min,
  label,
  onNumber,
}: {
  channel: Channel;
  field: 'priority' | 'weight';
  min: number;
  /** The input's accessible name: the column and the channel ("Priority of main"). */
  label: string;
  onNumber: ColumnHandlers['onNumber'];
}) {
  const save = (text: string) => {
    const value = Number(text);
    if (text !== '' && Number.isInteger(value) && value >= min && value !== channel[field]) {
      onNumber(channel, field, value);
    }
  };
  // Enter saves too: it blurs the field, and the blur saves.
  const blurOnEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLElement) event.target.blur();
  };
  return (
    <span onKeyDown={blurOnEnter}>
      <InputNumber
        key={`${channel.id}-${channel[field]}`}
        defaultValue={channel[field]}
        min={min}
        precision={0}
        size="small"
        style={{ width: 90 }}
        aria-label={label}
        onBlur={(event) => save(event.target.value)}
        data-testid={`channel-${field}-${channel.id}`}
      />
    </span>
  );
}

export function TestButton({
  channel,
  t,
  onTest,
}: {
  channel: Channel;
  t: TFunction;
  onTest: ColumnHandlers['onTest'];
}) {
  const models = splitList(channel.models);
  return (
    <Dropdown.Button
      size="small"
      onClick={() => onTest(channel)}
      droplist={
        <Menu onClickMenuItem={(model) => onTest(channel, model)}>
          {models.map((model) => (
            <Menu.Item key={model}>{model}</Menu.Item>
          ))}
        </Menu>
      }
      data-testid={`channel-test-${channel.id}`}
      // The arrow half is an icon alone: it is named for screen readers.
      buttonsRender={([main, arrow]) => [
        main,
        isValidElement<{ 'aria-label'?: string }>(arrow)
          ? cloneElement(arrow, { 'aria-label': t('list.action.testWith') })
          : arrow,
      ]}
    >
      {t('list.action.test')}
    </Dropdown.Button>
  );
}
