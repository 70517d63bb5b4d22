// Test setup: DOM matchers and arco's React 19 adapter in both module formats vitest may load.
import '@testing-library/jest-dom/vitest';
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/lib/_util/react-19-adapter';
