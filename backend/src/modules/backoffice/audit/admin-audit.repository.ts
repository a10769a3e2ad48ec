import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AdminAudit } from './admin-audit.entity';

/** One audit row as written: every column but the generated id. */
export type AdminAuditRow = Omit<AdminAudit, 'id'>;

/**
 * The table `admin_audit` (docs/ARCHITECTURE.md "Table ownership"): the only code that writes
 * it. Rows are inserted, never updated; the back office's `audit-log` resource lists them.
 */
@Injectable()
export class AdminAuditRepository {
  /**
   * Inserts `row` through `manager`, the EntityManager of the transaction doing the audited write,
   * so the row commits or rolls back with it.
   */
  async insert(manager: EntityManager, row: AdminAuditRow): Promise<void> {
    const repo = manager.getRepository(AdminAudit);
    await repo.save(repo.create(row));
  }
}
