import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { ALL_QUEUES } from './queues';

/** Bull Board at /admin/queues: every queue with its waiting, active and failed jobs. */
@Module({
  imports: [
    BullBoardModule.forRoot({ route: '/admin/queues', adapter: FastifyAdapter }),
    ...ALL_QUEUES.map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
})
export class QueueBoardModule {}
