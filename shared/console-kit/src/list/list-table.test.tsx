import { Button } from '@arco-design/web-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, initI18n } from '../i18n/i18n';
import { installMatchMedia } from '../testing/dom-shims';
import { type ListColumn, ListTable, type ListTableProps } from './list-table';

interface Row {
  id: number;
  name: string;
  created: string;
}

const rows: Row[] = [
  { id: 7, name: 'A very long channel name', created: '2026-11-24 03:57:30' },
  { id: 8, name: 'short', created: '2026-11-23 10:00:00' },
];

const columns: ListColumn<Row>[] = [
  { title: 'ID', dataIndex: 'id', card: 'hidden' },
  { title: 'Name', dataIndex: 'name', long: true },
  { title: 'Created', dataIndex: 'created' },
  {
    title: 'Actions',
    dataIndex: 'actions',
    render: (_: unknown, row: Row) => <Button data-testid={`edit-${row.id}`}>Edit</Button>,
  },
];

const resize = (width: number) => {
  window.innerWidth = width;
};

/** An empty list; returns its element. */
function renderEmpty(props: Partial<ListTableProps<Row>>): HTMLElement {
  render(<ListTable<Row> rowKey="id" columns={columns} data={[]} testId="list" {...props} />);
  return screen.getByTestId('list');
}

describe('ListTable', () => {
  beforeAll(() => {
    installMatchMedia();
    initI18n();
  });
  afterEach(() => resize(1024));

  it('renders a table on a wide screen whose cells stay on one line, long text cut with a tooltip', async () => {
    resize(1440);
    render(<ListTable<Row> rowKey="id" columns={columns} data={rows} testId="list" />);
    // Arco's Table loads apart from the list (a phone never needs it).
    const list = await screen.findByTestId('list');
    expect(list.querySelector('table')).not.toBeNull();
    const created = screen.getByText('2026-11-24 03:57:30').closest('td') as HTMLElement;
    expect(created.style.whiteSpace).toBe('nowrap');
    expect(screen.getByTitle('A very long channel name')).toHaveClass('sy-cell-ellipsis');
  });

  it('loads arco’s Table only for a wide screen, and at once when the screen grows', async () => {
    vi.resetModules();
    const loaded = vi.fn();
    vi.doMock('./desktop-table', async (importOriginal) => {
      loaded();
      return importOriginal();
    });
    resize(390);
    const phone = await import('./list-table');
    const view = render(
      <phone.ListTable<Row> rowKey="id" columns={columns} data={rows} testId="list" />,
    );
    expect(screen.getByTestId('list')).toHaveAttribute('data-layout', 'cards');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).not.toHaveBeenCalled();
    resize(1440);
    window.dispatchEvent(new Event('resize'));
    view.rerender(
      <phone.ListTable<Row> rowKey="id" columns={columns} data={[...rows]} testId="list" />,
    );
    expect((await screen.findByTestId('list')).querySelector('table')).not.toBeNull();
    expect(loaded).toHaveBeenCalledTimes(1);
    vi.doUnmock('./desktop-table');
  });

  it('renders cards below 768 px: the first shown column as title, fields with labels, actions', async () => {
    resize(390);
    const onChange = vi.fn();
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        testId="list"
        rowSelection={{ type: 'checkbox', selectedRowKeys: [], onChange }}
        onRow={(row) => ({ 'data-testid': `row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />,
    );
    const list = screen.getByTestId('list');
    expect(list).toHaveAttribute('data-layout', 'cards');
    expect(list.querySelector('table')).toBeNull();
    const card = screen.getByTestId('row-7');
    expect(within(card).getByRole('banner')).toHaveTextContent('A very long channel name');
    expect(within(card).getByText('Created')).toBeInTheDocument();
    expect(within(card).queryByText('ID')).toBeNull();
    expect(within(card).getByTestId('edit-7')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith([7], [rows[0]]);
  });

  it.each([
    ['zh', 390, '暂无数据'],
    ['en', 390, 'No data'],
    ['zh', 1440, '暂无数据'],
    ['en', 1440, 'No data'],
  ] as const)(
    'says an empty list has no data (%s, %i px), with no pages',
    async (language, width, text) => {
      resize(width);
      await i18next.changeLanguage(language);
      const pagination = {
        current: 1,
        pageSize: 10,
        total: 0,
        showTotal: (n: number) => `${n} in total`,
      };
      const list = renderEmpty({ pagination });
      expect(within(list).getByText(text)).toBeVisible();
      expect(within(list).queryByText('0 in total')).toBeNull();
      expect(list.querySelector('.arco-pagination')).toBeNull();
    },
  );

  it.each([390, 1440])(
    "shows a page's own empty text in the cards as in the table (%i px)",
    (width) => {
      resize(width);
      const list = renderEmpty({ noDataElement: 'No models' });
      expect(within(list).getByText('No models')).toBeVisible();
    },
  );

  it("names the cards' page-number field", async () => {
    resize(390);
    await i18next.changeLanguage('en');
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        testId="list"
        pagination={{ current: 1, pageSize: 2, total: 9 }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Page number' })).toBeInTheDocument();
  });

  it('pins the actions on a wide screen and opens detail columns under the row', async () => {
    resize(1440);
    await i18next.changeLanguage('en');
    const withDetail: ListColumn<Row>[] = [
      ...columns,
      { title: 'Details', key: 'content', detail: true, render: () => 'the whole story' },
    ];
    render(<ListTable<Row> rowKey="id" columns={withDetail} data={rows} testId="list" />);
    const list = await screen.findByTestId('list');
    expect(within(list).queryByText('the whole story')).toBeNull();
    const header = within(list).getByRole('columnheader', { name: 'Actions' });
    expect(header.className).toContain('arco-table-col-fixed-right');
    await userEvent.click(
      within(list).getAllByRole('button', { name: 'Show details' })[0] as HTMLElement,
    );
    expect(within(list).getByText('the whole story')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
