import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

describe('/how-ratings-work', () => {
  it('states the rating, trust rating and buyer-return formulas', async () => {
    stubFetch({});
    renderRoute('/how-ratings-work');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How ratings work' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/rating = 100 × won ÷ \(won \+ lost\)/)).toBeInTheDocument();
    expect(screen.getByText(/z = 1\.96/)).toBeInTheDocument();
    expect(screen.getByText(/net = returned − paid − staked/)).toBeInTheDocument();
    expect(screen.getByText(/from 30 settled slips/)).toBeInTheDocument();
  });
});
