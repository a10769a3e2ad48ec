import { eventually } from './eventually';

describe('eventually', () => {
  it('resolves with the first truthy value', async () => {
    let n = 0;
    await expect(
      eventually(() => (++n >= 3 ? `done at ${n}` : null), { intervalMs: 1 }),
    ).resolves.toBe('done at 3');
  });

  it('treats a throw as "not yet", so an assertion can be waited for', async () => {
    let n = 0;
    const result = await eventually(
      () => {
        n += 1;
        expect(n).toBe(2);
        return true;
      },
      { intervalMs: 1 },
    );
    expect(result).toBe(true);
  });

  it('names what it waited for and the last value on timeout', async () => {
    const row = { status: 'pending' };
    await expect(
      eventually(async () => row.status === 'paid' && row, {
        timeoutMs: 20,
        intervalMs: 5,
        what: 'the row',
      }),
    ).rejects.toThrow(
      /eventually: the row not met within 20 ms \(\d+ attempts\); last value: false/,
    );
  });

  it('shows the last error on timeout', async () => {
    await expect(
      eventually(
        () => {
          throw new Error('still 404');
        },
        { timeoutMs: 20, intervalMs: 5 },
      ),
    ).rejects.toThrow(/last error: Error: still 404/);
  });
});
