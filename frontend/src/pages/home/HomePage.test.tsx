import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_TITLE } from '../../lib/site';
import { renderRoute } from '../../test-utils';

describe('HomePage', () => {
  it('shows the hero with SMS delivery, Find Tip and the accuracy claim (spec §1)', () => {
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/football tips/i);
    const hero = screen.getByRole('region', { name: /football tips/i });
    expect(hero).toHaveTextContent(/SMS/);
    expect(hero).toHaveTextContent(/up to 95%/);
    expect(screen.getByRole('link', { name: 'Browse Tips' })).toHaveAttribute(
      'href',
      '/active_tips',
    );
    expect(document.title).toBe(HOME_TITLE);
  });
});
