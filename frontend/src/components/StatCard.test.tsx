import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfitChart } from './ProfitChart';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('shows Tips, Wins, Lost, Profit and Rating as a percent (docs/PRODUCT-RULES.md R100, R19)', () => {
    render(<StatCard stats={{ tips: 40, won: 22, lost: 15, profit: 7.456, rating: '59.459' }} />);
    const card = screen.getByLabelText('Tipster statistics');
    const pairs = within(card)
      .getAllByRole('term')
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(pairs).toEqual(['Tips=40', 'Wins=22', 'Lost=15', 'Profit=+7.46', 'Rating=59.46%']);
  });
});

describe('ProfitChart', () => {
  it('draws the cumulative profit with a summary for screen readers', () => {
    const { container } = render(
      <ProfitChart
        points={[
          { date: '2026-05-01T10:00:00Z', profit: 2 },
          { date: '2026-05-03T10:00:00Z', profit: 1 },
          { date: '2026-05-05T10:00:00Z', profit: -0.5 },
        ]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Profit over time: -0.50 units after 3 settled tips, from 1 May 2026 to 5 May 2026',
    );
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L/,
    );
  });

  it('says so when nothing is settled', () => {
    render(<ProfitChart points={[]} />);
    expect(screen.getByText('No settled tips yet.')).toBeInTheDocument();
  });
});
