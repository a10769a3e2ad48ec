import { MODULE_METADATA } from '@nestjs/common/constants';
import { JobsModule } from '../../jobs/jobs.module';
import { SCHEDULES } from '../../jobs/job-schedulers';
import { JOB, JOB_QUEUE, JobName, jobId } from './queues';

const PROCESSOR_METADATA = 'bullmq:processor_metadata';

/** Processor classes the worker loads, with the queue each consumes and the job names it handles. */
const workerProcessors = (): { queue: string; handles: JobName[]; name: string }[] =>
  (Reflect.getMetadata(MODULE_METADATA.PROVIDERS, JobsModule) as Function[])
    .filter((cls) => Reflect.getMetadata(PROCESSOR_METADATA, cls))
    .map((cls) => ({
      name: cls.name,
      queue: (Reflect.getMetadata(PROCESSOR_METADATA, cls) as { name: string }).name,
      handles: (cls as unknown as { handles?: JobName[] }).handles ?? [],
    }));

describe('queue wiring', () => {
  it('gives every job name exactly one handler, on the queue that carries it', () => {
    const processors = workerProcessors();
    for (const name of Object.values(JOB)) {
      const owners = processors.filter((p) => p.handles.includes(name));
      expect({ job: name, owners: owners.map((o) => o.name) }).toEqual({
        job: name,
        owners: [expect.any(String)],
      });
      expect({ job: name, queue: owners[0].queue }).toEqual({ job: name, queue: JOB_QUEUE[name] });
    }
  });

  it('runs at most one processor per queue (a BullMQ worker takes every job of its queue)', () => {
    const queues = workerProcessors().map((p) => p.queue);
    expect(new Set(queues).size).toBe(queues.length);
  });

  it('schedules only known jobs under unique keys', () => {
    expect(new Set(SCHEDULES.map((s) => s.key)).size).toBe(SCHEDULES.length);
    for (const s of SCHEDULES) expect(Object.values(JOB)).toContain(s.job);
  });

  it('builds job ids without colons and never bare integers', () => {
    expect(jobId('mpesa', 'ws_CO_191220191020363925')).toBe('mpesa-ws_CO_191220191020363925');
    expect(jobId('flw', 'slip:42:abc')).toBe('flw-slip-42-abc');
    expect(jobId('sms', 17)).toBe('sms-17');
  });
});
