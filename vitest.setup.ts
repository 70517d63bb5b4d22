// Test setup: DOM matchers and arco's React 19 adapter in both module formats vitest may load.
import '@testing-library/jest-dom/vitest';
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/lib/_util/react-19-adapter';

import { Message, Modal, Notification } from '@arco-design/web-react';

// Arco's toasts and modals render into roots of their own, which the testing library does not
// unmount, and their exit transitions finish on timers (300 ms for a toast): close them and wait
// until they are gone before the file's test environment goes away. A timer left behind fires in
// the next file's worker after this jsdom is torn down (`window is not defined`), which vitest
// counts as an unhandled error and fails the run although every test passed.
const ARCO_LAYERS = '.arco-message, .arco-notification, .arco-modal, .arco-drawer';
// Arco's date picker sets state from a 100 ms timer each time it mounts and each time its popup
// closes (lib/DatePicker/picker.js), which no unmount clears: the last wait outlasts it. (CI's
// unit stage failed once on it, from submit-on-enter.test.tsx, with every test passed.)
const LAST_TIMERS_MS = 150;

afterAll(async () => {
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  const deadline = Date.now() + 2000;
  while (document.querySelector(ARCO_LAYERS) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, LAST_TIMERS_MS));
});
