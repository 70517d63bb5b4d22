// The frame of each settings tab: the remote's root element, and a spinner until options arrive.
import { Spinner } from '@switchyard/console-kit';
import type { ReactNode } from 'react';
import { type OptionsState, useOptions } from '../options/use-options';
import { RemoteRoot } from '../remote';

export function SettingsPageFrame({
  testId,
  children,
}: {
  testId: string;
  children: (options: OptionsState) => ReactNode;
}) {
  const { data } = useOptions();
  return (
    <RemoteRoot testId={testId}>{data ? children(data) : <Spinner minHeight={200} />}</RemoteRoot>
  );
}
