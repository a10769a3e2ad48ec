import {
  bootApiUrls,
  bootKey,
  BOOT_DATA_ID,
  injectBootScript,
  renderBootScript,
  scriptSafeJson,
} from './page-boot';

/** The JSON between the boot script's tags, parsed as a browser would read the element's text. */
const bootJson = (html: string): unknown => {
  const m = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!m) throw new Error('no boot script');
  return JSON.parse(m[1]);
};

describe('scriptSafeJson', () => {
  it('leaves no way to close the script or open a comment, and parses to the same value', () => {
    const hostile = {
      username: '</script><script>alert(1)</script>',
      team: '<!-- x --> & \u2028\u2029 </SCRIPT >',
    };
    const safe = scriptSafeJson(JSON.stringify(hostile));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(hostile);
  });
});

describe('renderBootScript / injectBootScript', () => {
  const index = '<!doctype html><html><head></head><body><div id="root"></div>\n</body></html>';

  it('puts the country and each API answer, under its key, before </body>', () => {
    const answer = JSON.stringify({ results: [{ id: 1, user: { username: 'a</script>b' } }] });
    const html = injectBootScript(
      index,
      renderBootScript({ country: 'NG', api: [['/v2/api/slip/data/?home=1', answer]] }),
    );
    expect(html.indexOf(`id="${BOOT_DATA_ID}"`)).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf(`id="${BOOT_DATA_ID}"`)).toBeLessThan(html.indexOf('</body>'));
    // One script element only: the tipster's name did not close it.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(bootJson(html)).toEqual({
      country: 'NG',
      api: { '/v2/api/slip/data/?home=1': JSON.parse(answer) },
    });
  });

  it('appends the script to a document without </body>', () => {
    const html = injectBootScript(
      '<div id="root"></div>',
      renderBootScript({ country: 'KE', api: [] }),
    );
    expect(bootJson(html)).toEqual({ country: 'KE', api: {} });
  });
});

describe('bootKey', () => {
  it('sorts the query parameters by name and drops an empty query', () => {
    expect(bootKey('/v2/api/slip/data/?top=1&p=2')).toBe('/v2/api/slip/data/?p=2&top=1');
    expect(bootKey('/v2/api/slip/data/?')).toBe('/v2/api/slip/data/');
    expect(bootKey('/api/home/top-games')).toBe('/api/home/top-games');
  });
});

describe('bootApiUrls', () => {
  it('gives the home page its top games, free tips and Popular slips', () => {
    expect(bootApiUrls('/', '')).toEqual([
      '/api/home/top-games',
      '/api/slip/free',
      '/v2/api/slip/data/?home=1',
    ]);
  });

  it('gives /active_tips the page of active slips the app asks for', () => {
    expect(bootApiUrls('/active_tips', '')).toEqual(['/v2/api/slip/data/']);
    expect(bootApiUrls('/active_tips/', '?p=1')).toEqual(['/v2/api/slip/data/']);
    expect(bootApiUrls('/active_tips', '?p=3')).toEqual(['/v2/api/slip/data/?p=3']);
    expect(bootApiUrls('/active_tips', '?type=top&p=2')).toEqual(['/v2/api/slip/data/?p=2&top=1']);
    expect(bootApiUrls('/active_tips', '?p=abc')).toEqual(['/v2/api/slip/data/']);
  });

  it('inlines nothing for the team filter and for other pages', () => {
    expect(bootApiUrls('/active_tips', '?tips=1&team_a=Arsenal')).toEqual([]);
    expect(bootApiUrls('/active_tips/some_tipster', '')).toEqual([]);
    expect(bootApiUrls('/finished_tips', '')).toEqual([]);
    expect(bootApiUrls('/dashboard', '')).toEqual([]);
  });
});
