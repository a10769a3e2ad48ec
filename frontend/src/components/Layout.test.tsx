import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESPONSIBLE_GAMBLING_LINE, SITE } from '../lib/site';
import { renderRoute } from '../test-utils';

const NAV = [
  ['Home', '/'],
  ['Tips', '/active_tips'],
  ['Top Tipsters', '/top_tipsters'],
  ['Jackpots', '/jackpot'],
  ['Find Tip', '/find_tip'],
] as const;

describe('Layout', () => {
  it('shows the logo in the top bar linking to /', () => {
    renderRoute('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: `${SITE.brand} home` })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('has the main navigation links, Home marked current on /', () => {
    renderRoute('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of NAV) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tips' })).not.toHaveAttribute('aria-current');
  });

  it('opens the same links, plus Finished Tips, Subscriptions and the Blog, from the menu button on small screens', () => {
    renderRoute('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([...NAV.map(([, href]) => href), '/finished_tips', '/subscriptions', '/blog']);
  });

  it('has a footer with tip links, support contacts, social channels and the 18+ line', () => {
    renderRoute('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(RESPONSIBLE_GAMBLING_LINE)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Finished Tips' })).toHaveAttribute(
      'href',
      '/finished_tips',
    );
    expect(within(footer).getByRole('link', { name: SITE.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${SITE.supportEmail}`,
    );
    expect(within(footer).getByRole('link', { name: SITE.supportPhone })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+?\d+$/),
    );
    for (const channel of SITE.social) {
      const link = within(footer).getByRole('link', { name: channel.name });
      expect(link).toHaveAttribute('href', channel.url);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
