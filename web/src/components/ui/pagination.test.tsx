import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNumbers, Pagination } from './pagination';

describe('Pagination', () => {
  it('is not shown for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows Previous, the numbers and Next, the current page marked', () => {
    render(<Pagination page={2} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps the first, last and neighbouring pages of a long list', () => {
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, null, 20]);
  });
});
