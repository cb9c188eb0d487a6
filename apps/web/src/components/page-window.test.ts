import { describe, expect, it } from 'vitest';

import { PAGE_SIZES, pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it.each<[number, number, number[]]>([
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [5, 10, [3, 4, 5, 6, 7]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it('offers the specification page sizes, 10 first', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
  });
});
