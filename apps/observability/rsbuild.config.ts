// The observability remote: usage logs, the data dashboard, drawing tasks and async tasks.
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

export default defineRemoteConfig({
  name: 'observability',
  exposes: {
    './LogsPage': './src/pages/logs/index.ts',
    './DashboardPage': './src/pages/dashboard/index.ts',
    './DrawingTasksPage': './src/pages/drawing-tasks/index.ts',
    './AsyncTasksPage': './src/pages/async-tasks/index.ts',
    './StatusPage': './src/pages/status/index.ts',
    './AuditPage': './src/pages/audit/index.ts',
  },
  devPort: DEV_PORTS.observability,
});
