import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from './lib/cookies';
import { renderRoute } from './test-utils';

const backoffice = vi.hoisted(() => ({ imported: false }));
vi.mock('./backoffice/BackofficeApp', () => {
  backoffice.imported = true;
  return { BackofficeApp: () => <p>Back office</p> };
});

describe('routes', () => {
  it.each(['/dashboard', '/dashboard/add_tips'])(
    'redirects %s to / without a token cookie, without loading the back office (docs/PRODUCT-RULES.md R96)',
    async (path) => {
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('link', { name: 'Browse Tips' })).toBeInTheDocument();
      expect(backoffice.imported).toBe(false);
    },
  );

  it('renders the lazily loaded back office under /dashboard with a token cookie', async () => {
    setCookie('token', 'TOKEN');
    const { router } = renderRoute('/dashboard/withdrawals');
    expect(await screen.findByText('Back office')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/withdrawals');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
