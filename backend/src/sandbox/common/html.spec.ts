import { escapeHtml, groupThousands, page } from './html';

describe('escapeHtml', () => {
  it('escapes every character that can break out of text or a quoted attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&\``)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;&#96;',
    );
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });

  it('escapes the page title', () => {
    expect(page('<b>', '')).toContain('<title>&lt;b&gt;</title>');
  });
});

describe('groupThousands', () => {
  it('groups the whole part only', () => {
    expect(groupThousands('1250000.50')).toBe('1,250,000.50');
    expect(groupThousands('999')).toBe('999');
  });
});
