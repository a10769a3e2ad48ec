import type { HttpAdapterHost } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import {
  BOOT_DATA_STALE_MS,
  BOOT_DATA_TTL_MS,
  BOOT_DATA_WAIT_MS,
  PageShellService,
} from './page-shell.service';
import type { SeoService } from './seo.service';
import { systemClock } from '../../common/clock/clock';

const INDEX = '<html><body><div id="root"></div></body></html>';

/** A PageShellService whose in-process API answers `answer(url)` (a JSON body, or a pending promise). */
const shellWith = (answer: (url: string) => Promise<string>) => {
  const inject = jest.fn(async ({ url }: { url: string }) => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: await answer(url),
  }));
  const adapterHost = {
    httpAdapter: { getInstance: () => ({ inject }) },
  } as unknown as HttpAdapterHost;
  const seo = { spaIndex: () => INDEX } as unknown as SeoService;
  return { shell: new PageShellService(adapterHost, seo, systemClock), inject };
};

const request = (url: string) => ({ url, ip: '127.0.0.1' }) as FastifyRequest;
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)![1]);

describe('PageShellService boot data', () => {
  afterEach(() => jest.useRealTimers());

  it('reuses an answer, then gives the stale one at once while the next loads', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    let version = 1;
    const { shell, inject } = shellWith(async () => JSON.stringify({ results: [], v: version }));
    expect(bootOf(await shell.render(request('/active_tips'))).api['/v2/api/slip/data/'].v).toBe(1);
    version = 2;
    jest.setSystemTime(1_000_000 + BOOT_DATA_TTL_MS - 1);
    expect(bootOf(await shell.render(request('/active_tips'))).api['/v2/api/slip/data/'].v).toBe(1);
    expect(inject).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + BOOT_DATA_TTL_MS + 1);
    // Stale: the old answer now, the new one requested for the next page.
    expect(bootOf(await shell.render(request('/active_tips'))).api['/v2/api/slip/data/'].v).toBe(1);
    expect(inject).toHaveBeenCalledTimes(2);
    expect(bootOf(await shell.render(request('/active_tips'))).api['/v2/api/slip/data/'].v).toBe(2);
    // Too old to give: the page waits for a new answer.
    version = 3;
    jest.setSystemTime(1_000_000 + BOOT_DATA_TTL_MS + 2 + BOOT_DATA_STALE_MS);
    expect(bootOf(await shell.render(request('/active_tips'))).api['/v2/api/slip/data/'].v).toBe(3);
  });

  it('sends the page without the data the API has not answered within BOOT_DATA_WAIT_MS', async () => {
    jest.useFakeTimers();
    const { shell } = shellWith(() => new Promise<string>(() => undefined));
    const html = shell.render(request('/'));
    await jest.advanceTimersByTimeAsync(BOOT_DATA_WAIT_MS);
    expect(bootOf(await html)).toEqual({ country: 'KE', api: {} });
  });
});
