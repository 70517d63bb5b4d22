// The outermost element of every observability page: says which remote and build rendered it.
import type { ReactNode } from 'react';
import { BUILD_ID, REMOTE_NAME } from '../build-info';

export function RemoteRoot({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div data-remote={REMOTE_NAME} data-build={BUILD_ID} data-testid={testId}>
      {children}
    </div>
  );
}
