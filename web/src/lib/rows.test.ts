import { describe, expect, it } from 'vitest';
import { rowClasses, rowSize } from './rows';

describe('rows of cards', () => {
  it('puts all cards on one row when they fit', () => {
    expect(rowSize(3, 4)).toBe(3);
    expect(rowSize(2, 4)).toBe(2);
    expect(rowSize(1, 4)).toBe(1);
  });

  it('fills every row when a size up to the maximum can', () => {
    expect(rowSize(6, 4)).toBe(3);
    expect(rowSize(8, 4)).toBe(4);
    expect(rowSize(4, 3)).toBe(2);
  });

  it('else leaves at least two cards on the last row, or centres the one left', () => {
    expect(rowSize(5, 4)).toBe(3);
    expect(rowSize(5, 3)).toBe(3);
    expect(rowSize(5, 2)).toBe(2);
    expect(rowSize(7, 3)).toBe(3);
  });

  it('gives the wrapping centred row with each width share', () => {
    const classes = rowClasses(3, { md: 4 });
    expect(classes).toContain('flex flex-wrap justify-center');
    expect(classes).toContain('*:basis-full');
    expect(classes).toContain('md:*:basis-[calc((100%-3rem)/3)]');
    expect(rowClasses(4, { sm: 2, lg: 3 })).toContain('lg:*:basis-[calc((100%-1.5rem)/2)]');
  });
});
