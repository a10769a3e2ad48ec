import { isSafeImageUrl, POST_LINK_REL, sanitizePostHtml, toPlainText } from './sanitize-post';

describe('sanitizePostHtml', () => {
  it.each([
    ['script with its content', '<p>Hi <script>alert(1)</script>there</p>', '<p>Hi there</p>'],
    ['onerror handler', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['javascript: image', '<img src="javascript:alert(1)">', ''],
    ['data: image', '<img src="data:image/png;base64,AAAA">', ''],
    ['http: image (not https)', '<img src="http://cdn.example.com/a.png">', ''],
    ['protocol-relative image', '<img src="//evil.example/a.png">', ''],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', `<a rel="${POST_LINK_REL}">x</a>`],
    [
      'mixed-case javascript: link',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      `<a rel="${POST_LINK_REL}">x</a>`,
    ],
    [
      'entity-encoded javascript: link',
      '<a href="&#106;avascript:alert(1)">x</a>',
      `<a rel="${POST_LINK_REL}">x</a>`,
    ],
    [
      'tab-split javascript: link',
      '<a href="java\tscript:alert(1)">x</a>',
      `<a rel="${POST_LINK_REL}">x</a>`,
    ],
    [
      'data: link',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      `<a rel="${POST_LINK_REL}">x</a>`,
    ],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', `<a rel="${POST_LINK_REL}">x</a>`],
    [
      'style element and attributes',
      '<style>body{display:none}</style><p style="color:red" class="c">s</p>',
      '<p>s</p>',
    ],
    ['iframe', '<iframe src="https://evil.example"></iframe>after', 'after'],
    ['svg with onload', '<svg onload=alert(1)><circle/></svg>x', 'x'],
    ['math with xlink', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['form and input', '<form action="https://evil.example"><input name="pin"></form>', ''],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', 'ok'],
    ['base href', '<base href="https://evil.example/">ok', 'ok'],
    [
      'event handler on a table cell',
      '<table><tr><td colspan="2" onmouseover="x">c</td></tr></table>',
      '<table><tr><td colspan="2">c</td></tr></table>',
    ],
    ['unclosed script', '<p>a</p><script>alert(1)', '<p>a</p>'],
    ['NUL characters', '<p>a\u0000b</p>', '<p>ab</p>'],
  ])('removes %s', (_name, input, output) => {
    expect(sanitizePostHtml(input)).toBe(output);
  });

  it.each([
    [
      'headings, lists and text',
      '<h2>Reading odds</h2><ol start="2"><li><strong>1X2</strong> and <em>DC</em></li></ol><p>a<br />b</p>',
    ],
    [
      'an https image',
      '<img src="https://cdn.example.com/a.png" alt="Odds table" width="600" height="300" />',
    ],
    [
      'a site-relative image',
      '<figure><img src="/media/blog/acca.jpg" alt="Slip" /><figcaption>A slip</figcaption></figure>',
    ],
    [
      'a table',
      '<table><caption>Odds</caption><thead><tr><th scope="col">Market</th></tr></thead><tbody><tr><td>1.85</td></tr></tbody></table>',
    ],
    ['escaped text', '<p>Tips &amp; tricks &lt;b&gt;</p>'],
  ])('keeps %s', (_name, html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('keeps http(s), mailto, tel and relative links and forces rel', () => {
    expect(
      sanitizePostHtml('<a href="https://bclb.go.ke" target="_blank" onclick="x">BCLB</a>'),
    ).toBe(`<a href="https://bclb.go.ke" target="_blank" rel="${POST_LINK_REL}">BCLB</a>`);
    expect(
      sanitizePostHtml('<a href="/blog/reading-odds" target="_self" rel="opener">more</a>'),
    ).toBe(`<a href="/blog/reading-odds" rel="${POST_LINK_REL}">more</a>`);
    expect(
      sanitizePostHtml('<a href="mailto:help@example.com">m</a><a href="tel:+254700000000">t</a>'),
    ).toBe(
      `<a href="mailto:help@example.com" rel="${POST_LINK_REL}">m</a><a href="tel:+254700000000" rel="${POST_LINK_REL}">t</a>`,
    );
  });

  it('is idempotent', () => {
    const once = sanitizePostHtml(
      '<p onclick="x">a <a href="https://x.example">b</a><img src="/a.png" onerror="y"></p><script>z</script>',
    );
    expect(sanitizePostHtml(once)).toBe(once);
  });
});

describe('toPlainText', () => {
  it.each([
    ['How <b>accumulators</b> work', 'How accumulators work'],
    ['Odds &amp; Ends', 'Odds & Ends'],
    ['1 < 2 & 3 > 2', '1 < 2 & 3 > 2'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['  many\n\n  spaces\t ', 'many spaces'],
    ['nul\u0000byte', 'nulbyte'],
  ])('%j → %j', (input, output) => {
    expect(toPlainText(input)).toBe(output);
  });
});

describe('isSafeImageUrl', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', true],
    ['/media/blog/a.jpg', true],
    ['http://cdn.example.com/a.jpg', false],
    ['//cdn.example.com/a.jpg', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['media/a.jpg', false],
    ['/a b.jpg', false],
    ['/\\evil.example', false],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isSafeImageUrl(url)).toBe(ok);
  });
});
