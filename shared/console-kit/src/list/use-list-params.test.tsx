import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LOCAL_KEYS } from '../store/local-settings';
import { type ListParams, useListParams } from './use-list-params';

const FILTERS = ['keyword', 'group'] as const;
let list: ListParams<(typeof FILTERS)[number]>;

function Probe() {
  list = useListParams({ filters: FILTERS, defaults: () => ({ group: 'default' }) });
  return (
    <output data-testid="state">{JSON.stringify([list.page, list.size, list.filters])}</output>
  );
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/token', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const search = () => router.state.location.search;
  const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '[]');
  return { router, search, state };
}

describe('useListParams', () => {
  beforeEach(() => localStorage.clear());

  it('reads page (from 1), size and filters from the URL, defaults where it names none', () => {
    const { state } = open('/token?p=3&size=50&keyword=alpha');
    expect(state()).toEqual([3, 50, { keyword: 'alpha', group: 'default' }]);
  });

  it('falls back to page 1, the remembered size, and ignores nonsense', () => {
    localStorage.setItem(LOCAL_KEYS.pageSize, '20');
    const { state } = open('/token?p=-2&size=abc');
    expect(state()).toEqual([1, 20, { keyword: '', group: 'default' }]);
  });

  it('writes the page and size back; a new size starts from page 1 and is remembered', () => {
    const { search, state } = open('/token?keyword=alpha');
    act(() => list.setPage(4));
    expect(search()).toBe('?keyword=alpha&p=4&size=10');
    act(() => list.setPage(4, 50));
    expect(search()).toBe('?keyword=alpha&size=50');
    expect(state()).toEqual([1, 50, { keyword: 'alpha', group: 'default' }]);
    expect(localStorage.getItem(LOCAL_KEYS.pageSize)).toBe('50');
  });

  it('a new filter goes back to page 1, trims and drops empty values', () => {
    const { search, state } = open('/token?p=5&size=20&keyword=old');
    act(() => list.setFilters({ keyword: '  beta ', group: 'vip' }));
    expect(search()).toBe('?size=20&keyword=beta&group=vip');
    act(() => list.setFilters({ keyword: '' }));
    expect(search()).toBe('?size=20&group=vip');
    expect(state()).toEqual([1, 20, { keyword: '', group: 'vip' }]);
  });

  it('names the filters set to other than their default, a default named in the URL not among them', () => {
    const { state } = open('/token?keyword=alpha&group=default');
    expect(state()[2]).toEqual({ keyword: 'alpha', group: 'default' });
    expect(list.changed).toEqual(['keyword']);
    act(() => list.setFilters({ keyword: '', group: 'vip' }));
    expect(list.changed).toEqual(['group']);
    act(() => list.setFilters({ group: '' }));
    expect(list.changed).toEqual([]);
  });

  it('follows back and forward, and the filters key changes with the filters', async () => {
    const { router, state } = open('/token');
    act(() => list.setFilters({ keyword: 'one' }));
    const keyOne = list.filtersKey;
    act(() => list.setPage(2));
    act(() => list.setFilters({ keyword: 'two' }));
    expect(state()).toEqual([1, 10, { keyword: 'two', group: 'default' }]);
    expect(list.filtersKey).not.toBe(keyOne);

    await act(() => router.navigate(-1));
    expect(state()).toEqual([2, 10, { keyword: 'one', group: 'default' }]);
    expect(list.filtersKey).toBe(keyOne);
    await act(() => router.navigate(-1));
    expect(state()).toEqual([1, 10, { keyword: 'one', group: 'default' }]);
    await act(() => router.navigate(-1));
    expect(state()).toEqual([1, 10, { keyword: '', group: 'default' }]);
    await act(() => router.navigate(2));
    expect(state()).toEqual([2, 10, { keyword: 'one', group: 'default' }]);
  });
});
