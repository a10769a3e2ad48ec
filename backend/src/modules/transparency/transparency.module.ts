import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { TsaClient } from '../../providers/tsa/tsa.client';
import { TransparencyController } from './transparency.controller';
import { TransparencyLogRepository } from './transparency-log.repository';
import { TransparencyLogService } from './transparency-log.service';
import { TreeHeadService } from './tree-head.service';

/**
 * The transparency log (docs/ARCHITECTURE.md "modules/transparency"): an append-only RFC 6962
 * log of every slip commitment, signed tree heads with RFC 3161 timestamps, and the public
 * /api/log routes. Ranked below slip, which appends inside its publishing transaction.
 */
@Module({
  controllers: [TransparencyController],
  providers: [
    TransparencyLogRepository,
    TransparencyLogService,
    {
      provide: TsaClient,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new TsaClient({ url: config.transparencyLog.tsaUrl }),
    },
    {
      provide: TreeHeadService,
      inject: [TransparencyLogRepository, TsaClient, AppConfig],
      useFactory: (repo: TransparencyLogRepository, tsa: TsaClient, config: AppConfig) =>
        new TreeHeadService(repo, tsa, config.transparencyLog.signingKey),
    },
  ],
  exports: [TransparencyLogService, TreeHeadService],
})
export class TransparencyModule {}
