// Test setup: DOM matchers and arco's React 19 adapter in both module formats vitest may load.
import '@testing-library/jest-dom/vitest';
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/lib/_util/react-19-adapter';

import { Message, Modal, Notification } from '@arco-design/web-react';

// Arco's toasts and modals render into roots of their own, which the testing library does not
// unmount, and React finishes their work on a later macrotask: close them and let that work run
// before the file's test environment goes away (else `window is not defined` on a loaded machine).
afterAll(async () => {
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
