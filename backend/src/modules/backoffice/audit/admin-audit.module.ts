import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAudit } from './admin-audit.entity';
import { AdminAuditRepository } from './admin-audit.repository';
import { AdminAuditService } from './admin-audit.service';

/**
 * The admin audit trail on its own, with no feature-module imports, so any module (account bans,
 * fixtures import, withdrawals approval) can import it without a cycle through BackofficeModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAudit])],
  providers: [AdminAuditRepository, AdminAuditService],
  exports: [AdminAuditService],
})
export class AdminAuditModule {}
