import { screen, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { finishedSlip } from '../../test-slips';
import { stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

describe('/verify', () => {
  it('arriving with ?slip= fetches the finished slip and shows a match', async () => {
    const api = stubFetch({ '/api/slip/get/7': finishedSlip() });
    renderRoute('/verify?slip=7');
    expect(await screen.findByText(/^Match: the picks are the ones committed/)).toBeInTheDocument();
    expect(screen.getByTestId('verify-result')).toHaveTextContent(finishedSlip().commitment!);
    expect(api.requests[0].path).toBe('/api/slip/get/7');
  });

  it('shows a mismatch for a tampered pick', async () => {
    const slip = finishedSlip();
    slip.tips[1] = { ...slip.tips[1], odd: '1.99' };
    stubFetch({ '/api/slip/get/7': slip });
    renderRoute('/verify?slip=7');
    expect(await screen.findByText(/^Mismatch/)).toBeInTheDocument();
  });

  it('a slip on sale shows its commitment and says the picks come after the last game; the form takes an id', async () => {
    const onSale = finishedSlip({
      id: 9,
      slip_result: null,
      salt: undefined,
      commitment_input: undefined,
    });
    onSale.tips = onSale.tips.map(({ market_type: _m, odd: _o, ...t }) => t);
    stubFetch({ '/api/slip/get/9': onSale });
    renderRoute('/verify');
    fireEvent.change(await screen.findByLabelText('Slip id'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/revealed after the last game/)).toBeInTheDocument();
    expect(screen.getByTestId('verify-result')).toHaveTextContent(onSale.commitment!);
  });
});
