import { i18next, initI18n, loadSessionData, useSessionStore } from '@switchyard/console-kit';
import { act, render, screen } from '@testing-library/react';
import { registerShellTranslations } from '../i18n';
import { FOOTER_POLL_MS, FOOTER_POLL_TIMES, Footer } from './footer';

/** Lets the lazily imported sanitiser arrive and the footer re-render with its output. */
async function sanitizerLoaded() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

describe('Footer', () => {
  beforeEach(async () => {
    localStorage.clear();
    initI18n();
    registerShellTranslations();
    await i18next.changeLanguage('en');
    useSessionStore.setState({ ...loadSessionData(), status: null });
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('re-reads footer_html from localStorage every 200 ms, five times after mount', async () => {
    render(<Footer />);
    expect(screen.getByTestId('footer')).toHaveTextContent('Switchyard');

    localStorage.setItem('footer_html', '<em>first</em>');
    act(() => vi.advanceTimersByTime(FOOTER_POLL_MS));
    await sanitizerLoaded();
    expect(screen.getByTestId('footer')).toHaveTextContent('first');

    localStorage.setItem('footer_html', '<em>late</em>');
    act(() => vi.advanceTimersByTime(FOOTER_POLL_MS * (FOOTER_POLL_TIMES - 1)));
    await sanitizerLoaded();
    expect(screen.getByTestId('footer')).toHaveTextContent('late');

    localStorage.setItem('footer_html', '<em>too late</em>');
    act(() => vi.advanceTimersByTime(FOOTER_POLL_MS * 3));
    await sanitizerLoaded();
    expect(screen.getByTestId('footer')).toHaveTextContent('late');
    expect(screen.getByTestId('footer')).not.toHaveTextContent('too late');
  });

  it('renders the footer HTML without scripts or event handlers', async () => {
    localStorage.setItem(
      'footer_html',
      '<a href="https://example.com" onclick="alert(1)">Ours</a><script>window.pwned = true</script><img src="x" onerror="alert(2)">',
    );
    render(<Footer />);
    await sanitizerLoaded();
    const footer = screen.getByTestId('footer');
    expect(footer).toHaveTextContent('Ours');
    expect(footer.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(footer.innerHTML).not.toMatch(/onclick|onerror|<script/);
  });
});
