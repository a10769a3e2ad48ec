import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test-utils';

describe('NotFoundPage', () => {
  it.each(['/no/such/page', '/active_tips_x', '/dashboardx'])(
    "shows 'Page Not Found' for the unknown path %s",
    async (path) => {
      renderRoute(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
      ).toBeInTheDocument();
      expect(document.title).toBe('Page Not Found');
    },
  );

  it('keeps the top bar and links back home', async () => {
    renderRoute('/no/such/page');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
