import { Button, DatePicker, Input, Select } from '@arco-design/web-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18next, initI18n } from '../i18n/i18n';
import { installMatchMedia } from '../testing/dom-shims';
import { ListToolbar } from './list-toolbar';

function SearchPage({ onSearch }: { onSearch: (keyword: string) => void }) {
  const [keyword, setKeyword] = useState('');
  return (
    <ListToolbar
      testId="toolbar"
      onSearch={() => onSearch(keyword)}
      searchTestId="search"
      actions={<Button data-testid="add">Add</Button>}
    >
      <Input aria-label="keyword" value={keyword} onChange={setKeyword} style={{ width: 260 }} />
      <Select aria-label="group" options={['default', 'vip']} style={{ width: 160 }} />
      <DatePicker.RangePicker />
    </ListToolbar>
  );
}

describe('ListToolbar', () => {
  beforeAll(() => {
    installMatchMedia();
    initI18n();
  });
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('searches on the search button and on Enter in a field, with the actions beside', async () => {
    await i18next.changeLanguage('en');
    const onSearch = vi.fn();
    render(<SearchPage onSearch={onSearch} />);
    const toolbar = screen.getByTestId('toolbar');
    await userEvent.type(screen.getByLabelText('keyword'), 'alp{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('alp');
    await userEvent.click(within(toolbar).getByRole('button', { name: /Search/ }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(within(toolbar).getByTestId('add')).toBeInTheDocument();
    // Enter in the date range picker is the picker's, not a search.
    await userEvent.type(toolbar.querySelector('.arco-picker input') as HTMLElement, '{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('names the search button in Chinese and lets a page name it', async () => {
    await i18next.changeLanguage('zh');
    const { rerender } = render(<ListToolbar onSearch={() => undefined} searchTestId="search" />);
    expect(screen.getByTestId('search')).toHaveTextContent('查询');
    rerender(<ListToolbar onSearch={() => undefined} searchTestId="search" searchLabel="Find" />);
    expect(screen.getByTestId('search')).toHaveTextContent('Find');
  });

  it('gives every field the full width on a phone, and lays actions alone without a search form', () => {
    render(<ListToolbar testId="toolbar" actions={<Button>Add</Button>} />);
    const toolbar = screen.getByTestId('toolbar');
    expect(toolbar.querySelector('form')).toBeNull();
    expect(toolbar.querySelector('.sy-list-toolbar-actions')).toHaveTextContent('Add');
    const css = [...document.head.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('\n');
    expect(css).toMatch(
      /@media \(max-width: 767px\)[\s\S]*\.sy-list-toolbar-fields > \* \{ flex: 1 1 100%; width: auto !important;/,
    );
  });

  it('keeps a collapsible search form closed on a phone until opened, and closes it on search', async () => {
    await i18next.changeLanguage('en');
    window.innerWidth = 390;
    const onSearch = vi.fn();
    render(
      <ListToolbar testId="toolbar" onSearch={onSearch} collapseOnPhone activeFilters={2}>
        <Input aria-label="keyword" />
      </ListToolbar>,
    );
    const toggle = screen.getByTestId('toolbar-filters');
    expect(toggle).toHaveTextContent('Filters (2)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('keyword')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByLabelText('keyword').closest('form') as HTMLElement;
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    await userEvent.type(screen.getByLabelText('keyword'), 'alp{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('keyword')).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('names the closed form in Chinese, without a count when no filter is set, and never closes it on a wide screen', async () => {
    await i18next.changeLanguage('zh');
    window.innerWidth = 390;
    const { unmount } = render(
      <ListToolbar testId="toolbar" onSearch={() => undefined} collapseOnPhone activeFilters={0}>
        <Input aria-label="keyword" />
      </ListToolbar>,
    );
    expect(screen.getByTestId('toolbar-filters')).toHaveTextContent(/^筛选$/);
    unmount();
    window.innerWidth = 1440;
    render(
      <ListToolbar testId="toolbar" onSearch={() => undefined} collapseOnPhone activeFilters={1}>
        <Input aria-label="keyword" />
      </ListToolbar>,
    );
    expect(screen.getByLabelText('keyword')).toBeVisible();
    expect(screen.queryByTestId('toolbar-filters')).toBeNull();
  });
});
