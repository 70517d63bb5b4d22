import '../../i18n';
import { renderPage } from '@switchyard/console-kit/testing';
import type { SubscriptionView } from '@switchyard/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserSubscriptions } from './user-subscriptions';
import { endSubscription, listUserSubscriptions } from './user-subscriptions.api';

vi.mock('./user-subscriptions.api', () => ({
  listUserSubscriptions: vi.fn(),
  endSubscription: vi.fn(),
}));

const sub = (id: number, status: number): SubscriptionView => ({
  id,
  user_id: 5,
  plan_id: 1,
  plan_name: `Plan ${id}`,
  models: '',
  status,
  starts_at: 1_700_000_000,
  expires_at: 1_702_592_000,
  auto_renew: false,
  source: 'wallet',
  limits: [{ period: 'day', used: 0, quota: 500_000, resets_at: 1_700_086_400 }],
});

describe('UserSubscriptions', () => {
  afterEach(() => vi.clearAllMocks());

  it("lists a user's subscriptions and ends an active one after a confirmation", async () => {
    vi.mocked(listUserSubscriptions).mockResolvedValue([sub(1, 1), sub(2, 2)]);
    vi.mocked(endSubscription).mockResolvedValue(undefined);
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await renderPage(<UserSubscriptions userId={5} />, { url: '/user/edit/5' });
    expect(await screen.findByText('Plan 1')).toBeInTheDocument();
    expect(screen.getByText('已过期')).toBeInTheDocument();
    expect(screen.queryByTestId('subscription-end-2')).toBeNull();
    await person.click(screen.getByTestId('subscription-end-1'));
    await person.click(await screen.findByRole('button', { name: /确/ }));
    await waitFor(() => expect(endSubscription).toHaveBeenCalledWith(1, expect.anything()));
    expect(listUserSubscriptions).toHaveBeenCalledWith(5);
  });
});
