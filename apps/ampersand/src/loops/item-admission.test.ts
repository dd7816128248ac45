import { describe, expect, it } from 'vitest';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';
import { admissionRefusal } from './item-admission.ts';

function reason(title: string, text: string, blocks: SurfaceBlock[] = [{ type: 'paragraph', text }]) {
  return admissionRefusal(title, blocks, text)?.reason;
}

describe('paging state is refused by its shape, whatever its words', () => {
  const markers: Array<[string, string]> = [
    ['Next', 'cursor: abc123'],
    ['Where we were', 'Page token: CiAK…'],
    ['Batch marker', 'Batch marker 7'],
    ['Batch marker 7', 'Batch marker 7'],
    ['Resume', 'offset=50&limit=20'],
    ['Resume', 'after: 2026-12-01T10:00:00Z, seen: 340'],
    ['Continue from', 'eyJvZmZzZXQiOjUwLCJzbmFwIjoxfQ=='],
    ['Continue from', '9f86d081884c7d659a2feaa0c55ad015'],
    ['Saved place', 'zQ7_kLmP2xWv9Rt4'],
    ['Chunk', 'Chunk 12 of 40'],
  ];
  for (const [title, text] of markers) {
    it(`refuses "${text}" under "${title}"`, () => {
      expect(reason(title, text)).toBe('cursor');
    });
  }

  const kept: Array<[string, string]> = [
    ['Old Macs', 'The cursor on the first Mac was a tiny wristwatch while it worked.'],
    ['Films for Friday', 'Toy Story 3'],
    ['Reading list', 'Next: The Left Hand of Darkness, because you loved Le Guin.'],
    ['Taco spots', 'Best taco: Pastor'],
    ['Words', 'Supercalifragilisticexpialidocious'],
    ['Cursor pens', 'cursor pens from Lamy write smoothly on cheap paper'],
  ];
  for (const [title, text] of kept) {
    it(`keeps "${text}" under "${title}"`, () => {
      expect(reason(title, text)).toBeUndefined();
    });
  }
});

describe('coordinates never belong in an item', () => {
  for (const text of ['We met at 39.0997, -94.5786 on Friday.', 'The trailhead, 38°53′N 77°02′W, is quiet at dawn.']) {
    it(`refuses "${text}"`, () => {
      expect(reason('Where we met', text)).toBe('coordinates');
    });
  }
  it('refuses a coordinate in a link address, however plain its label', () => {
    const blocks: SurfaceBlock[] = [{ type: 'link', label: 'Joe’s Kansas City', url: 'https://maps.example.com/@39.0997,-94.5786,15z' }];
    expect(admissionRefusal('Taco spots', blocks, 'Joe’s Kansas City')?.reason).toBe('coordinates');
  });
  it('keeps numbers that are not a point', () => {
    expect(reason('Budget', 'Dinner for 4 came to 86.50, tip 15.25.')).toBeUndefined();
  });
});
