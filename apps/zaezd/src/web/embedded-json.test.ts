/** JSON embedded in a page cannot end its script element early, and reads back unchanged. */
import { describe, expect, it } from 'vitest';
import { embeddedJson } from './embedded-json.ts';

describe('embeddedJson', () => {
  it('writes no "<" at all, so neither </script nor <!-- can appear, and parses back to the same value', () => {
    const value = { title: 'Джаз </script><script>alert(1)</script> <!-- и <b>всё</b>', nested: ['</SCRIPT >', 'a < b'] };
    const text = embeddedJson(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});
