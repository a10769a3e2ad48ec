import type { AfricasTalkingClient } from '../../../providers/africastalking/africastalking.client';
import type { SmsOutboxRepository } from './sms-outbox.repository';
import { SmsSender } from './sms-sender.service';

type Mark = { id: string; messageId: string | null; cost: string | null };

/** An outbox whose UPDATEs are recorded (each markSent call = one UPDATE) and an AT client answering every send at once. */
const setup = (opts: { failFirstMarkSent?: boolean; permanentFor?: string } = {}) => {
  const updates: Mark[][] = [];
  const unsent: { id: string; status: string }[] = [];
  let calls = 0;
  const outbox = {
    claim: async (ids: string[]) =>
      ids.map((id) => ({ id, to_msisdn: `2547000000${id}`, body: `code ${id}` })),
    markSent: async (marks: Mark[]) => {
      calls++;
      if (opts.failFirstMarkSent && calls === 1) throw new Error('connection reset');
      updates.push(marks);
    },
    markUnsent: async (id: string, status: string) => void unsent.push({ id, status }),
  } as unknown as SmsOutboxRepository;
  const at = {
    sendSms: async ({ to }: { to: string }) => {
      const id = to.slice(-2);
      const ok = id !== opts.permanentFor;
      const recipient = ok
        ? {
            statusCode: 101,
            status: 'Success',
            outcome: 'accepted',
            number: `+${to}`,
            cost: 'KES 0.8000',
            messageId: `ATXid_${id}`,
          }
        : {
            statusCode: 403,
            status: 'InvalidPhoneNumber',
            outcome: 'permanent',
            number: `+${to}`,
            cost: '0',
            messageId: null,
          };
      return { message: 'Sent to 1/1', recipients: [recipient] };
    },
  } as unknown as AfricasTalkingClient;
  return { sender: new SmsSender(outbox, at), updates, unsent };
};

describe('SmsSender.attemptMany (sent rows written back by group commit)', () => {
  const ids = Array.from({ length: 20 }, (_, i) => String(10 + i));

  it('answers that arrive together share one UPDATE, and every row is recorded sent once with its message id', async () => {
    const { sender, updates } = setup();
    const outcomes = await sender.attemptMany(ids);
    expect(updates.length).toBeLessThan(ids.length);
    const marked = updates.flat();
    expect(marked.map((m) => m.id).sort()).toEqual(ids);
    expect(marked.every((m) => m.messageId === `ATXid_${m.id}` && m.cost === 'KES 0.8000')).toBe(
      true,
    );
    expect([...outcomes.values()].every((o) => o.result === 'sent')).toBe(true);
  });

  it('a failed shared UPDATE is retried row by row, so every row is still recorded sent', async () => {
    const { sender, updates } = setup({ failFirstMarkSent: true });
    const outcomes = await sender.attemptMany(ids);
    expect(
      updates
        .flat()
        .map((m) => m.id)
        .sort(),
    ).toEqual(ids);
    expect([...outcomes.values()].every((o) => o.result === 'sent')).toBe(true);
  });

  it('a permanent failure is recorded on its own row and never marked sent', async () => {
    const { sender, updates, unsent } = setup({ permanentFor: '12' });
    const outcomes = await sender.attemptMany(ids);
    expect(unsent).toEqual([{ id: '12', status: 'failed' }]);
    expect(updates.flat().some((m) => m.id === '12')).toBe(false);
    expect(outcomes.get('12')).toEqual({ result: 'failed' });
    expect(updates.flat()).toHaveLength(ids.length - 1);
  });
});
