import { Module } from '@nestjs/common';
import { PaymentsProcessor } from '../modules/processor/payments.processor';
import { JobSchedulers } from './job-schedulers';

/**
 * What only the worker role loads: one BullMQ processor per queue (in its owning module's folder)
 * and the job schedulers registered at boot.
 */
@Module({
  providers: [PaymentsProcessor, JobSchedulers],
})
export class WorkerModule {}
