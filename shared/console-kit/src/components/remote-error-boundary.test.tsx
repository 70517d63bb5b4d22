import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, initI18n } from '../i18n/i18n';
import { RemoteErrorBoundary } from './remote-error-boundary';

let broken = true;
function MaybeBroken() {
  if (broken) throw new Error('remote exploded');
  return <p>remote page</p>;
}

describe('RemoteErrorBoundary', () => {
  beforeAll(async () => {
    initI18n();
    await i18next.changeLanguage('en');
  });

  it('shows "<module> is unavailable" and really retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onRetry = vi.fn(() => {
      broken = false;
    });
    render(
      <RemoteErrorBoundary module="billing/TokensPage" onRetry={onRetry}>
        <MaybeBroken />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByTestId('remote-fallback')).toHaveTextContent(
      'The token list is unavailable',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(await screen.findByText('remote page')).toBeInTheDocument();
  });
});
