import { loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { renderPage } from '@switchyard/console-kit/testing';
import type { PricingItem, PricingReply, SessionUser } from '@switchyard/contracts';
import { Role } from '@switchyard/contracts';
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
    expect(await screen.findByTestId('price-input-gpt-4o')).toHaveTextContent('$5 / 1M tokens');
    expect(screen.getByTestId('price-output-gpt-4o')).toHaveTextContent('$15 / 1M tokens');
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
    expect(screen.getByTestId('price-input-zeta')).toHaveTextContent('$1 / 1M tokens');
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
    expect(screen.queryByTestId('price-input-mystery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unavailable-mystery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('no-price-gpt-4o')).not.toBeInTheDocument();
    expect(screen.getByTestId('price-input-gpt-4o')).toBeInTheDocument();
  });

  it('shows a customer dollars per 1M tokens by vendor, and no ratios', async () => {
    useSessionStore.setState({ user: { id: 2, group: 'vip', role: Role.common } as SessionUser });
    vi.mocked(getPricing).mockResolvedValue(
      reply('vip', 0.5, [
        item('gpt-4o', { model_ratio: 2.5, completion_ratio: 4, context_length: 128_000 }),
      ]),
    );
    await renderPage(<PricingPage />, { url: '/pricing', language: 'en' });
    const table = await screen.findByTestId('pricing-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(0, 4)).toEqual(['Model', 'Vendor', 'Input', 'Output']);
    expect(headers).not.toContain('Ratios');
    expect(screen.getByTestId('price-input-gpt-4o')).toHaveTextContent('$2.5 / 1M tokens');
    expect(screen.getByTestId('price-output-gpt-4o')).toHaveTextContent('$10 / 1M tokens');
    expect(within(table).getByText('openai')).toBeInTheDocument();
    expect(within(table).getByText('128K tokens')).toBeInTheDocument();
    expect(screen.queryByText(/Model ratio/)).not.toBeInTheDocument();
  });

  it('shows admins the ratios behind the prices', async () => {
    useSessionStore.setState({
      user: { id: 1, group: 'default', role: Role.admin } as SessionUser,
    });
    vi.mocked(getPricing).mockResolvedValue(
      reply('default', 1, [item('gpt-4o', { model_ratio: 2.5 })]),
    );
    await renderPage(<PricingPage />, { url: '/pricing', language: 'en' });
    expect(await screen.findByText('Model ratio: 2.5')).toBeInTheDocument();
  });
});
