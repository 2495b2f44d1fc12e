import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCollection } from '../../fixtures/collection';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { DataTable, type DataTableColumn } from './data-table';
import * as stories from './data-table.stories';

interface Row {
  id: string;
  name: string;
  price: number | null;
}

const rows: Row[] = [
  { id: 'a', name: 'Sol Ring', price: 1.5 },
  { id: 'b', name: 'arcane Signet', price: null },
  { id: 'c', name: 'Cultivate', price: 0.4 },
  { id: 'd', name: 'Card 10', price: 12 },
  { id: 'e', name: 'Card 9', price: 3 },
];

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortValue: (r) => r.name },
  {
    id: 'price',
    header: 'Price',
    sortValue: (r) => r.price,
    cell: (r) => (r.price === null ? '—' : r.price.toFixed(2)),
  },
  { id: 'note', header: 'Note', cell: () => 'x' },
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describeStories('DataTable', stories);

describe('DataTable sorting', () => {
  it('cycles ascending → descending → unsorted, with aria-sort', () => {
    const onSortChange = vi.fn();
    renderWithIntl(
      <DataTable
        caption="Cards"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: /Name/ });
    const button = within(header).getByRole('button');
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['arcane Signet', 'Card 9', 'Card 10', 'Cultivate', 'Sol Ring']);
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Sol Ring', 'Cultivate', 'Card 10', 'Card 9', 'arcane Signet']);
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(names()).toEqual(rows.map((r) => r.name));
    expect(onSortChange.mock.calls.map((c) => c[0])).toEqual([
      { columnId: 'name', direction: 'asc' },
      { columnId: 'name', direction: 'desc' },
      null,
    ]);
  });

  it('sorts numbers numerically and keeps empty values last', () => {
    renderWithIntl(
      <DataTable
        caption="Cards"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        defaultSort={{ columnId: 'price', direction: 'desc' }}
      />,
    );
    expect(names()).toEqual(['Card 10', 'Card 9', 'Sol Ring', 'Cultivate', 'arcane Signet']);
  });

  it('does not make columns without sortValue sortable', () => {
    renderWithIntl(<DataTable caption="Cards" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
  });

  it('leaves rows alone with manualSort', () => {
    renderWithIntl(
      <DataTable
        caption="Cards"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        manualSort
        sort={{ columnId: 'name', direction: 'asc' }}
      />,
    );
    expect(names()).toEqual(rows.map((r) => r.name));
  });
});

describe('DataTable keyboard', () => {
  it('moves focus between rows and activates with Enter', async () => {
    const user = userEvent.setup();
    const onRowActivate = vi.fn();
    renderWithIntl(
      <DataTable
        caption="Cards"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        onRowActivate={onRowActivate}
      />,
    );
    const bodyRows = screen.getAllByRole('row').slice(1);
    bodyRows[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(bodyRows[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(bodyRows[4]);
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(onRowActivate).toHaveBeenCalledWith(rows[3]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(bodyRows[0]);
    expect(bodyRows[0]?.getAttribute('tabindex')).toBe('0');
    expect(bodyRows[1]?.getAttribute('tabindex')).toBe('-1');
  });

  it('shows the empty message', () => {
    renderWithIntl(<DataTable caption="Cards" columns={columns} rows={[]} getRowId={(r) => r.id} />, 'fr-FR');
    expect(screen.getByText('Aucun résultat')).toBeTruthy();
  });
});

describe('DataTable virtualisation', () => {
  const originals = (['clientHeight', 'scrollHeight'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get: () => 5001 * 48,
    });
  });
  afterEach(() => {
    for (const [name] of originals)
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });

  it('renders only a window of 5,000 rows and reaches the last one with End', async () => {
    const data = makeCollection(5000);
    renderWithIntl(
      <DataTable
        caption="Collection"
        columns={[{ id: 'name', header: 'Name', sortValue: (r: (typeof data)[number]) => r.name }]}
        rows={data}
        getRowId={(r) => r.id}
        rowHeight={48}
        maxHeight={480}
      />,
    );
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('5001');
    const rendered = grid.querySelectorAll('tr[data-index]');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    (rendered[0] as HTMLElement).focus();
    fireEvent.keyDown(rendered[0] as HTMLElement, { key: 'End' });
    await waitFor(() =>
      expect((document.activeElement as HTMLElement).getAttribute('aria-rowindex')).toBe('5001'),
    );
    expect(grid.querySelectorAll('tr[data-index]').length).toBeLessThan(60);
  });
});
