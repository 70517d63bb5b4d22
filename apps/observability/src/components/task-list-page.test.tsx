import { mockHttp, renderPage, userWithRole } from '@switchyard/console-kit/testing';
import { type AsyncTask, type DrawingTask, Role } from '@switchyard/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AsyncTasksPage } from '../pages/async-tasks/async-tasks-page';
import { DrawingTasksPage } from '../pages/drawing-tasks/drawing-tasks-page';

const drawing: DrawingTask = {
  id: 1,
  created_at: 1_763_000_000,
  submit_time: 1_763_000_000_000,
  start_time: 1_763_000_001_000,
  finish_time: 1_763_000_090_000,
  channel_id: 4,
  action: 'IMAGINE',
  mj_id: 'mj-123',
  code: 1,
  status: 'SUCCESS',
  progress: '100%',
  image_url: 'http://127.0.0.1/cat.png',
  prompt: 'a cat',
  prompt_en: 'a cat',
  description: '',
  fail_reason: '',
};

const music: AsyncTask = {
  id: 2,
  created_at: 1_763_000_000,
  submit_time: 1_763_000_000,
  start_time: 0,
  finish_time: 0,
  platform: 'suno',
  action: 'MUSIC',
  task_id: 'task-9',
  status: '',
  progress: '',
  fail_reason: '',
  data: '{"clips":[{"title":"song"}]}',
};

let restore: () => void;
let seen: { url?: string; params?: Record<string, unknown> }[];

function serve(item: DrawingTask | AsyncTask) {
  const mock = mockHttp(() => ({
    body: { success: true, message: '', data: { items: [item], total: 1, page: 1, page_size: 10 } },
  }));
  seen = mock.seen;
  restore = mock.restore;
}

afterEach(() => restore());

describe('DrawingTasksPage', () => {
  it('shows admins the channel, the image, a red duration above 60 s and the callback banner', async () => {
    serve(drawing);
    await renderPage(<DrawingTasksPage />, { user: userWithRole(Role.admin), language: 'en' });
    const table = await screen.findByTestId('drawing-tasks-table');
    expect(await within(table).findByText('mj-123')).toBeInTheDocument();
    expect(within(table).getByText('Channel')).toBeInTheDocument();
    expect(within(table).getByText('Imagine')).toBeInTheDocument();
    expect(within(table).getByText('Submitted')).toBeInTheDocument();
    expect(within(table).getByText('90.0 s').closest('.arco-tag')).toHaveClass('arco-tag-red');
    expect(within(table).getByRole('img')).toHaveAttribute('src', 'http://127.0.0.1/cat.png');
    expect(screen.getByTestId('drawing-callback-off')).toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/mj/');
    const params = seen[0]?.params ?? {};
    expect(Number(params.end_timestamp) - Number(params.start_timestamp)).toBe(30 * 86400 + 3600);
  });

  it('shows a user their own tasks without channel or banner', async () => {
    serve(drawing);
    await renderPage(<DrawingTasksPage />, { user: userWithRole(Role.common), language: 'en' });
    const table = await screen.findByTestId('drawing-tasks-table');
    await within(table).findByText('mj-123');
    expect(within(table).queryByText('Channel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawing-callback-off')).not.toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/mj/self');
  });
});

describe('AsyncTasksPage', () => {
  it('lists the user’s tasks from today, says “Submitting” for an empty status, and opens the result', async () => {
    serve(music);
    await renderPage(<AsyncTasksPage />, { user: userWithRole(Role.common), language: 'en' });
    const table = await screen.findByTestId('async-tasks-table');
    expect(await within(table).findByText('task-9')).toBeInTheDocument();
    expect(within(table).getByText('Submitting')).toBeInTheDocument();
    expect(within(table).getByText('Music')).toBeInTheDocument();
    expect(seen[0]?.url).toBe('/api/task/self');
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(seen[0]?.params?.start_timestamp).toBe(Math.floor(midnight.getTime() / 1000));
    await userEvent.click(within(table).getByText(/^\{/));
    expect(await screen.findByText(/"title": "song"/)).toBeInTheDocument();
  });
});
