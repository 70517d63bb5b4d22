import { Message } from '@arco-design/web-react';
import { useOrgScope } from '@switchyard/console-kit';
import { pickRowAction, renderPage } from '@switchyard/console-kit/testing';
import type { TokenView } from '@switchyard/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createToken,
  listTokens,
  listUserModels,
  searchTokens,
  setTokenStatus,
  updateToken,
} from './tokens.api';
import { TokensPage } from './tokens-page';

vi.mock('../wallet/wallet.api', () => ({
  getSelf: vi.fn().mockResolvedValue({ id: 1, quota: 0 }),
}));

vi.mock('./tokens.api', () => ({
  listTokens: vi.fn(),
  searchTokens: vi.fn(),
  createToken: vi.fn(),
  updateToken: vi.fn(),
  setTokenStatus: vi.fn(),
  deleteToken: vi.fn(),
  listUserModels: vi.fn(),
}));

const token = (id: number, name: string, extra: Partial<TokenView> = {}): TokenView => ({
  id,
  name,
  key: `${'k'.repeat(47)}${id}`,
  org_id: 0,
  status: 1,
  used_quota: 0,
  remain_quota: 500000,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  created_time: 1_700_000_000,
  accessed_time: 0,
  expired_time: -1,
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
  window_period: '',
  window_quota: 0,
  window_used: 0,
  window_resets_at: 0,
  plan_only: false,
  ...extra,
});

const rows = [
  token(1, 'alpha'),
  token(2, 'limited', { model_limits_enabled: true }),
  token(3, 'off', { status: 2 }),
  token(4, 'old', { status: 3 }),
  token(5, 'empty', { status: 4 }),
];

/** The drawer tests type into many fields: slower than vitest's 5 s default on a busy machine. */
const DRAWER_TIMEOUT_MS = 20_000;

describe('TokensPage', () => {
  beforeEach(() => {
    Message.clear();
    vi.mocked(listTokens).mockResolvedValue({ items: rows, total: 5, page: 0, page_size: 10 });
    vi.mocked(searchTokens).mockResolvedValue([rows[0] as TokenView]);
    vi.mocked(createToken).mockImplementation(async (input) => token(9, input.name));
    vi.mocked(listUserModels).mockResolvedValue(['gpt-4o']);
    vi.mocked(setTokenStatus).mockResolvedValue(rows[0] as TokenView);
  });
  afterEach(() => vi.clearAllMocks());

  it('labels every status and greys rows that are not enabled', async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    const row = (name: string) => screen.getByTestId(`token-row-${name}`);
    await screen.findByTestId('token-row-alpha');
    expect(row('alpha')).toHaveTextContent('已启用');
    expect(row('alpha')).toHaveTextContent('永不过期');
    expect(row('limited')).toHaveTextContent('已启用（限制模型）');
    expect(row('off')).toHaveTextContent('已禁用');
    expect(row('old')).toHaveTextContent('已过期');
    expect(row('empty')).toHaveTextContent('已耗尽');
    expect(row('off').style.opacity).toBe('0.55');
    expect(row('alpha').style.opacity).toBe('');
  });

  it('says the administrator has not set a chat link when Chat is pressed without one', async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    const row = await screen.findByTestId('token-row-alpha');
    await userEvent.click(within(row).getByRole('button', { name: '聊天' }));
    expect(await screen.findByText('管理员未设置聊天链接')).toBeInTheDocument();
  });

  it('asks for a selection before copying selected tokens', async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    await screen.findByTestId('token-row-alpha');
    await userEvent.click(screen.getByTestId('token-copy-selected'));
    expect(await screen.findByText('请至少选择一个令牌！')).toBeInTheDocument();
  });

  it('searches with trimmed inputs', async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    await screen.findByTestId('token-row-alpha');
    await userEvent.type(screen.getByTestId('token-search-keyword'), '  alp  ');
    await userEvent.click(screen.getByTestId('token-search'));
    await waitFor(() => expect(searchTokens).toHaveBeenCalledWith('alp', ''));
  });

  it('pages from the URL: page and size from ?p=&size=, back to page 1 on a new search', async () => {
    const { router } = await renderPage(<TokensPage />, { url: '/token?p=2&size=20' });
    await screen.findByTestId('token-row-alpha');
    expect(listTokens).toHaveBeenLastCalledWith(2, 20);
    await userEvent.type(screen.getByTestId('token-search-keyword'), 'alp');
    await userEvent.click(screen.getByTestId('token-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=20&keyword=alp'));
  });

  it('disables a token with a status-only update', async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    await screen.findByTestId('token-row-alpha');
    await pickRowAction('token-more-1', 'token-toggle-1');
    await waitFor(() => expect(setTokenStatus).toHaveBeenCalledWith({ id: 1, status: 2 }));
  });

  it(
    'sets the expiry with a date picker preset and creates a batch with suffixed names',
    async () => {
      await renderPage(<TokensPage />, { url: '/token' });
      await screen.findByTestId('token-row-alpha');
      await userEvent.click(screen.getByTestId('token-add'));
      // The editor's code loads when it is first opened.
      await screen.findByTestId('token-submit', {}, { timeout: 5000 });
      await userEvent.type(screen.getByTestId('token-name'), 'team');
      await userEvent.click(screen.getByTestId('token-expiry-oneDay'));
      const day = screen.getByPlaceholderText(/过期时间/) as HTMLInputElement;
      expect(day.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await userEvent.click(screen.getByTestId('token-expiry-never'));
      const count = screen.getByTestId('token-count');
      await userEvent.clear(count);
      await userEvent.type(count, '3');
      await userEvent.click(screen.getByTestId('token-submit'));
      await waitFor(() => expect(createToken).toHaveBeenCalledTimes(3));
      const names = vi.mocked(createToken).mock.calls.map(([input]) => input.name);
      expect(names[0]).toBe('team');
      for (const name of names.slice(1)) expect(name).toMatch(/^team-[0-9A-Za-z]{6}$/);
      expect(vi.mocked(createToken).mock.calls[0]?.[0]).toMatchObject({
        remain_quota: 500000,
        expired_time: -1,
        unlimited_quota: false,
      });
    },
    DRAWER_TIMEOUT_MS,
  );

  it(
    'opens the quickstart of the new token, saying a $0 balance makes calls fail',
    async () => {
      await renderPage(<TokensPage />, { url: '/token' });
      await screen.findByTestId('token-row-alpha');
      await userEvent.click(screen.getByTestId('token-add'));
      await screen.findByTestId('token-submit', {}, { timeout: 5000 });
      await userEvent.type(screen.getByTestId('token-name'), 'fresh');
      await userEvent.click(screen.getByTestId('token-submit'));
      expect(await screen.findByTestId('quickstart-key', {}, { timeout: 5000 })).toHaveTextContent(
        `sk-${'k'.repeat(47)}9`,
      );
      expect(await screen.findByTestId('quickstart-zero-balance')).toHaveTextContent('余额为 $0');
      expect(await screen.findByTestId('quickstart-code-curl')).toHaveTextContent(
        '"model":"gpt-4o"',
      );
    },
    DRAWER_TIMEOUT_MS,
  );

  it(
    'in an org scope makes the new key an org key, and tags org keys in the list',
    async () => {
      useOrgScope.getState().setOrgId(7);
      vi.mocked(listTokens).mockResolvedValue({
        items: [token(1, 'alpha'), token(2, 'team', { org_id: 7 })],
        total: 2,
        page: 0,
        page_size: 10,
      });
      try {
        await renderPage(<TokensPage />, { url: '/token' });
        expect(await screen.findByTestId('token-row-team')).toHaveTextContent('组织');
        expect(screen.getByTestId('token-row-alpha')).not.toHaveTextContent('组织');
        await userEvent.click(screen.getByTestId('token-add'));
        await screen.findByTestId('token-submit', {}, { timeout: 5000 });
        expect(screen.getByText(/当前组织的钱包付费/)).toBeInTheDocument();
        // Bounded by the member's cap: no window of its own, never plan-only.
        expect(screen.getByText(/没有自己的周期额度/)).toBeInTheDocument();
        expect(screen.queryByTestId('token-window-period')).toBeNull();
        expect(screen.queryByTestId('token-plan-only')).toBeNull();
        await userEvent.type(screen.getByTestId('token-name'), 'shared');
        await userEvent.click(screen.getByTestId('token-submit'));
        await waitFor(() =>
          expect(createToken).toHaveBeenCalledWith(
            expect.objectContaining({
              name: 'shared',
              org_id: 7,
              window_period: '',
              window_quota: 0,
              plan_only: false,
            }),
          ),
        );
      } finally {
        useOrgScope.getState().setOrgId(0);
      }
    },
    DRAWER_TIMEOUT_MS,
  );

  it("opens a token's quickstart from its row", async () => {
    await renderPage(<TokensPage />, { url: '/token' });
    await screen.findByTestId('token-row-alpha');
    await pickRowAction('token-more-1', 'token-quickstart-1');
    expect(await screen.findByTestId('quickstart-key')).toHaveTextContent(`sk-${'k'.repeat(47)}1`);
  });

  it(
    'sends the picked expiry as unix seconds',
    async () => {
      await renderPage(<TokensPage />, { url: '/token' });
      await screen.findByTestId('token-row-alpha');
      await userEvent.click(screen.getByTestId('token-add'));
      // The editor's code loads when it is first opened.
      await screen.findByTestId('token-submit', {}, { timeout: 5000 });
      await userEvent.type(screen.getByTestId('token-name'), 'hour');
      const before = Math.floor(Date.now() / 1000);
      await userEvent.click(screen.getByTestId('token-expiry-oneHour'));
      await userEvent.click(screen.getByTestId('token-submit'));
      await waitFor(() => expect(createToken).toHaveBeenCalledTimes(1));
      const expiry = vi.mocked(createToken).mock.calls[0]?.[0].expired_time ?? 0;
      expect(expiry).toBeGreaterThanOrEqual(before + 3600 - 1);
      expect(expiry).toBeLessThanOrEqual(before + 3600 + 5);
    },
    DRAWER_TIMEOUT_MS,
  );

  it(
    'requires a name when creating',
    async () => {
      await renderPage(<TokensPage />, { url: '/token' });
      await screen.findByTestId('token-row-alpha');
      await userEvent.click(screen.getByTestId('token-add'));
      // The editor's code loads when it is first opened.
      await screen.findByTestId('token-submit', {}, { timeout: 5000 });
      const drawer = screen.getByTestId('token-submit').closest('.arco-drawer') as HTMLElement;
      await userEvent.click(within(drawer).getByTestId('token-submit'));
      expect(await screen.findByText('请输入令牌名称！')).toBeInTheDocument();
      expect(createToken).not.toHaveBeenCalled();
    },
    DRAWER_TIMEOUT_MS,
  );

  it('shows limits as tags and the window as a bar with its reset time', async () => {
    const resetsAt = Math.floor(new Date(2026, 10, 24, 0, 0, 0).getTime() / 1000);
    vi.mocked(listTokens).mockResolvedValue({
      items: [
        token(7, 'capped', {
          rpm_limit: 60,
          tpm_limit: 40000,
          concurrency_limit: 3,
          window_period: 'day',
          window_quota: 1_000_000,
          window_used: 750_000,
          window_resets_at: resetsAt,
        }),
        token(8, 'free'),
      ],
      total: 2,
      page: 0,
      page_size: 10,
    });
    await renderPage(<TokensPage />, { url: '/token' });
    const cell = await screen.findByTestId('token-limits-7');
    expect(cell).toHaveTextContent('60 次/分钟');
    expect(cell).toHaveTextContent('40000 tokens/分钟');
    expect(cell).toHaveTextContent('并发 3');
    const bar = screen.getByTestId('token-window-7');
    expect(bar).toHaveTextContent('每日');
    expect(bar).toHaveTextContent('2026-11-24 00:00:00 重置');
    expect(bar.querySelector('.arco-progress')).not.toBeNull();
    expect(within(bar).getByText(/\$1\.50 \/ \$2\.00/)).toBeInTheDocument();
    expect(screen.getByTestId('token-row-free')).toHaveTextContent('不限');
  });

  it(
    'edits the limit fields and refuses a window without a quota',
    async () => {
      vi.mocked(updateToken).mockResolvedValue(rows[0] as TokenView);
      await renderPage(<TokensPage />, { url: '/token' });
      await screen.findByTestId('token-row-alpha');
      await pickRowAction('token-more-1', 'token-edit-1');
      const rpm = await screen.findByTestId('token-rpm', {}, { timeout: 5000 });
      await userEvent.clear(rpm);
      await userEvent.type(rpm, '30');
      await userEvent.type(screen.getByTestId('token-concurrency'), '2');
      await userEvent.click(screen.getByTestId('token-window-period'));
      // The option list is still animating in (pointer-events: none), as a real click would not be.
      fireEvent.click(await screen.findByText('5 小时'));
      await userEvent.click(screen.getByTestId('token-submit'));
      expect(
        await screen.findByText('设置了额度周期时，每周期额度必须大于 0！'),
      ).toBeInTheDocument();
      expect(updateToken).not.toHaveBeenCalled();

      const windowQuota = screen.getByTestId('token-window-quota');
      await userEvent.clear(windowQuota);
      // Currency display is on: the window quota is typed in dollars ($0.50 = 250000 quota).
      await userEvent.type(windowQuota, '0.5');
      await userEvent.click(screen.getByTestId('token-submit'));
      await waitFor(() =>
        expect(updateToken).toHaveBeenCalledWith(
          expect.objectContaining({
            id: 1,
            rpm_limit: 30,
            tpm_limit: 0,
            concurrency_limit: 2,
            window_period: '5h',
            window_quota: 250000,
          }),
        ),
      );
    },
    DRAWER_TIMEOUT_MS,
  );
});
