import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PricingItem, PricingReply, SessionUser } from '@switchyard/contracts';
import { screen, within } from '@testing-library/react';
import { getPricing } from './pricing.api';
import { PricingPage } from './pricing-page';

vi.mock('./pricing.api', () => ({ getPricing: vi.fn() }));

const item = (model_name: string, extra: Partial<PricingItem> = {}): PricingItem => ({
  model_name,
  quota_type: 0,
  model_ratio: 1,
  model_price: 0,
  completion_ratio: 1,
  enable_groups: ['default'],
  available: true,
  price_set: true,
  owner_by: 'openai',
  ...extra,
});

const reply = (group: string, ratio: number, data: PricingItem[]): PricingReply => ({
  success: true,
  message: '',
  data,
  group,
  group_ratio: ratio,
});

describe('PricingPage', () => {
  beforeEach(() => useSessionStore.setState({ ...loadSessionData(), user: null }));

  it('tells a guest the default group ratio and prices by the formulas', async () => {
    vi.mocked(getPricing).mockResolvedValue(
      reply('default', 1, [item('gpt-4o', { model_ratio: 2.5, completion_ratio: 3 })]),
    );
    await renderPage(<PricingPage />, { url: '/pricing' });
    expect(await screen.findByText('您还未登录，显示的价格为默认分组倍率：1')).toBeInTheDocument();
    const price = await screen.findByTestId('price-gpt-4o');
    expect(price).toHaveTextContent('提示 $5 / 1M tokens');
    expect(price).toHaveTextContent('补全 $15 / 1M tokens');
  });

  it('tells a user their group and marks models their group cannot use', async () => {
    useSessionStore.setState({ user: { id: 2, group: 'vip' } as SessionUser });
    vi.mocked(getPricing).mockResolvedValue(
      reply('vip', 0.5, [
        item('zeta', { model_ratio: 1 }),
        item('mj', { quota_type: 1, model_price: 0.1, available: false }),
      ]),
    );
    await renderPage(<PricingPage />, { url: '/pricing' });
    expect(await screen.findByText('您的分组为：vip，分组倍率为：0.5')).toBeInTheDocument();
    expect(await screen.findByTestId('unavailable-mj')).toBeInTheDocument();
    expect(screen.queryByTestId('unavailable-zeta')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('price-zeta')).getByText('提示 $1 / 1M tokens'),
    ).toBeInTheDocument();
    expect(screen.getByText('$0.05 / 次')).toBeInTheDocument();
  });

  it('marks a model without a configured price as such, not as available, and shows no price', async () => {
    vi.mocked(getPricing).mockResolvedValue(
      reply('default', 1, [
        item('gpt-4o', { model_ratio: 2.5 }),
        item('mystery', { model_ratio: 30, price_set: false, available: false }),
      ]),
    );
    await renderPage(<PricingPage />, { url: '/pricing' });
    const marker = await screen.findByTestId('no-price-mystery');
    expect(marker).toHaveTextContent('未设置价格');
    expect(screen.queryByTestId('price-mystery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unavailable-mystery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('no-price-gpt-4o')).not.toBeInTheDocument();
    expect(screen.getByTestId('price-gpt-4o')).toBeInTheDocument();
  });
});
