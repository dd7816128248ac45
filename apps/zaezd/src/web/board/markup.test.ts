import { describe, expect, it } from 'vitest';
import { kept, m, toHtml } from './markup.ts';

describe('the board markup as server HTML', () => {
  it('escapes text and attribute values, so nothing from a trip becomes markup', () => {
    const html = toHtml([m('p', { title: '"><script>', class: null }, '<b>Hotel & Spa</b>', 3, null, false, kept('map'))]);
    expect(html).toBe('<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;Hotel &amp; Spa&lt;/b&gt;3</p>');
  });

  it('writes void elements without a closing tag and refuses names that are not names', () => {
    expect(toHtml([m('br', null)])).toBe('<br>');
    expect(() => toHtml([m('p onload', null)])).toThrow(TypeError);
    expect(() => toHtml([m('p', { 'on"x': '1' })])).toThrow(TypeError);
  });
});
