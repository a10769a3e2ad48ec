import type { EntityManager } from 'typeorm';
import type { Purchase } from './entities/purchase.entity';
import { PurchaseFulfilments } from './purchase-fulfilments';

const em = {} as EntityManager;
const purchase = (id: string, kind: Purchase['kind']): Purchase => ({ id, kind }) as Purchase;

describe('PurchaseFulfilments', () => {
  it('runs fulfilMany once per kind and fulfil one by one, and gathers SMS, outbox ids and e-mails', async () => {
    const registry = new PurchaseFulfilments();
    const batches: string[][] = [];
    const singles: string[] = [];
    registry.register('slip', {
      fulfil: () => Promise.reject(new Error('fulfilMany is used when a kind has it')),
      fulfilMany: (_em, ps) => {
        batches.push(ps.map((p) => p.id));
        return Promise.resolve(
          ps.map((p) => ({ smsIds: [`sms-${p.id}`], emails: [`mail-${p.id}`] })),
        );
      },
    });
    registry.register('subscription', {
      fulfil: (_em, p) => {
        singles.push(p.id);
        return Promise.resolve(
          p.id === '4'
            ? undefined
            : {
                sms: [{ to: '254700000001', body: `sub ${p.id}`, purpose: 'subscription-confirm' }],
              },
        );
      },
    });
    const done = await registry.fulfilPaid(em, [
      purchase('1', 'slip'),
      purchase('2', 'subscription'),
      purchase('3', 'slip'),
      purchase('4', 'subscription'),
    ]);
    expect(batches).toEqual([['1', '3']]);
    expect(singles).toEqual(['2', '4']);
    expect(done.smsIds).toEqual(['sms-1', 'sms-3']);
    expect(done.emails).toEqual(['mail-1', 'mail-3']);
    expect(done.sms.map((s) => s.body)).toEqual(['sub 2']);
  });

  it('refuses a paid purchase of a kind no module fulfils, so the payment rolls back', async () => {
    const registry = new PurchaseFulfilments();
    await expect(registry.fulfilPaid(em, [purchase('1', 'slip')])).rejects.toThrow(
      "no fulfilment registered for 'slip' purchases",
    );
    await expect(registry.fulfilPaid(em, [])).resolves.toEqual({ sms: [], smsIds: [], emails: [] });
  });

  it('hands missed prompts to their kind only, and a failing handler throws nothing', async () => {
    const registry = new PurchaseFulfilments();
    const told: string[] = [];
    registry.onMissedPrompts('slip', (ps) => {
      told.push(...ps.map((p) => p.id));
      return Promise.reject(new Error('SMS outbox down'));
    });
    await expect(
      registry.tellMissedPrompts([
        purchase('7', 'slip'),
        purchase('8', 'subscription'),
        purchase('9', 'slip'),
      ]),
    ).resolves.toBeUndefined();
    expect(told).toEqual(['7', '9']);
  });

  it('registers one fulfilment and one missed-prompt handler per kind', () => {
    const registry = new PurchaseFulfilments();
    registry.register('slip', { fulfil: () => Promise.resolve() });
    registry.onMissedPrompts('slip', () => Promise.resolve());
    expect(() => registry.register('slip', { fulfil: () => Promise.resolve() })).toThrow(
      'already registered',
    );
    expect(() => registry.onMissedPrompts('slip', () => Promise.resolve())).toThrow(
      'already registered',
    );
  });
});
