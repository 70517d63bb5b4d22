import { Button } from '@arco-design/web-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installMatchMedia } from '../testing/dom-shims';
import { type ListColumn, ListTable } from './list-table';

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

describe('ListTable', () => {
  beforeAll(() => installMatchMedia());
  afterEach(() => resize(1024));

  it('renders a table on a wide screen whose cells stay on one line, long text cut with a tooltip', () => {
    resize(1440);
    render(<ListTable<Row> rowKey="id" columns={columns} data={rows} testId="list" />);
    const list = screen.getByTestId('list');
    expect(list.querySelector('table')).not.toBeNull();
    const created = screen.getByText('2026-11-24 03:57:30').closest('td') as HTMLElement;
    expect(created.style.whiteSpace).toBe('nowrap');
    expect(screen.getByTitle('A very long channel name')).toHaveClass('sy-cell-ellipsis');
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
});
