import { Test } from '@nestjs/testing';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { EmailOutboxService } from './email-outbox.service';
import { EMAIL_RETRY_INTERVAL_NAME, EmailOutboxPoller } from './email-outbox.poller';

/** The poller wired as NotificationsModule wires it, with the outbox replaced by a counter (no I/O). */
const bootPoller = async (runsWorker: boolean) => {
  const outbox = { deliverDue: jest.fn(async () => 0) };
  const moduleRef = await Test.createTestingModule({
    imports: [ScheduleModule.forRoot()],
    providers: [
      EmailOutboxPoller,
      { provide: AppConfig, useValue: { runsWorker } },
      { provide: EmailOutboxService, useValue: outbox },
    ],
  }).compile();
  const app = await moduleRef.init();
  return { app, outbox, registry: app.get(SchedulerRegistry), poller: app.get(EmailOutboxPoller) };
};

describe(EmailOutboxPoller.name, () => {
  it('registers its retry pass with @nestjs/schedule in the worker role, and ScheduleModule clears it at shutdown', async () => {
    const { app, registry } = await bootPoller(true);
    expect(EMAIL_RETRY_INTERVAL_NAME).toBe('email-outbox-retry');
    expect(registry.getIntervals()).toStrictEqual(['email-outbox-retry']);
    await app.close();
    expect(registry.getIntervals()).toStrictEqual([]);
  });

  it('registers nothing in the api role', async () => {
    const { app, registry } = await bootPoller(false);
    expect(registry.getIntervals()).toStrictEqual([]);
    await app.close();
  });

  it('runs one pass at a time', async () => {
    const { app, outbox, poller } = await bootPoller(false);
    let release: () => void = () => undefined;
    outbox.deliverDue.mockImplementationOnce(
      () => new Promise<number>((r) => (release = () => r(0))),
    );
    const first = poller.tick();
    await poller.tick(); // skipped: the first pass is still running
    release();
    await first;
    expect(outbox.deliverDue).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
