import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { stubFetch } from '../test-fetch';
import { renderRoute } from '../test-utils';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cookie banner (docs/PRODUCT-RULES.md R94)', () => {
  it('says the site uses cookies and stores consent for 150 days on Accept', () => {
    stubFetch({});
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    renderRoute('/no/such/page');
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent(/uses cookies/);
    fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    const consent = writes.find((cookie) => cookie.startsWith('cookie_consent=accepted'));
    expect(consent).toContain(`max-age=${150 * 24 * 60 * 60}`);
  });

  it('stays hidden once accepted', () => {
    stubFetch({});
    setCookie('cookie_consent', 'accepted', 150);
    renderRoute('/no/such/page');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});

describe('footer documents (docs/PRODUCT-RULES.md R94)', () => {
  it.each([
    ['Privacy Policy', /never see or store your M-Pesa PIN/],
    ['Terms and Conditions', /18\+ only/],
    ['About Us', /up to 95%/],
  ])('opens %s in a dialog', async (name, text) => {
    stubFetch({});
    renderRoute('/no/such/page');
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name });
    expect(dialog).toHaveTextContent(text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('never opens the Nigerian-site dialog', async () => {
    stubFetch({});
    renderRoute('/no/such/page');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
