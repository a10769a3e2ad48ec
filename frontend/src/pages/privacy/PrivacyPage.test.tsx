import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

/** An answer of GET /api/site/privacy with periods other than the defaults (docs/PRODUCT-RULES.md R275). */
const NOTICE = {
  controller: { name: 'Acme Tips Ltd', contact_email: 'dpo@acme.test' },
  purposes: [
    {
      data: 'Access logs: IP address and the page requested',
      purpose: 'Keep the service secure and find faults.',
    },
  ],
  retention: [
    { data: 'Text of the SMS that carried your picks', period: '45 days', days: 45, months: null },
    { data: 'Your phone and e-mail on a purchase', period: '12 months', days: null, months: 12 },
  ],
  rights: [
    {
      right: 'export',
      title: 'See and download your data',
      how: 'Logged in: download everything from Account settings.',
    },
    { right: 'stop', title: 'Stop marketing', how: 'Reply STOP to any marketing SMS.' },
  ],
  complaints: 'You may complain to the Data Protection Commissioner.',
};

describe('/privacy', () => {
  it('shows the controller, the purposes, the periods the server sent and each right', async () => {
    const api = stubFetch({ 'GET /api/site/privacy': NOTICE });
    renderRoute('/privacy');
    expect(
      await screen.findByRole('heading', { name: 'Your data and privacy' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Acme Tips Ltd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dpo@acme.test' })).toHaveAttribute(
      'href',
      'mailto:dpo@acme.test',
    );
    expect(screen.getByText('Keep the service secure and find faults.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'How long we keep it' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Text of the SMS that carried your picks', '45 days'],
      ['Your phone and e-mail on a purchase', '12 months'],
    ]);
    expect(screen.getByRole('heading', { name: 'Stop marketing' })).toBeInTheDocument();
    expect(screen.getByText('Reply STOP to any marketing SMS.')).toBeInTheDocument();
    expect(api.to('/api/site/privacy')).toHaveLength(1);
  });

  it('is linked from the footer', async () => {
    stubFetch({ 'GET /api/site/privacy': NOTICE });
    renderRoute('/privacy');
    expect(await screen.findByRole('link', { name: 'Your data and privacy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
