import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Pagination, paginationRange } from './pagination';
import * as stories from './pagination.stories';

describeStories('Pagination', stories);

describe('paginationRange', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationRange(1, 0)).toEqual([]);
  });

  it('adds ellipses around the current page with a constant length', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationRange(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(paginationRange(99, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('marks the current page and moves with previous/next', () => {
    const onPageChange = vi.fn();
    renderWithIntl(<Pagination page={3} pageCount={10} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
  });

  it('disables previous on the first page and renders nothing for a single page', () => {
    const { rerender } = renderWithIntl(<Pagination page={1} pageCount={3} />);
    expect(screen.getByLabelText('Previous page').getAttribute('aria-disabled')).toBe('true');
    rerender(<Pagination page={1} pageCount={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('renders links when getHref is given and intercepts plain clicks', () => {
    const onPageChange = vi.fn();
    renderWithIntl(
      <Pagination page={2} pageCount={3} getHref={(p) => `?page=${p}`} onPageChange={onPageChange} />,
    );
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('?page=3');
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
