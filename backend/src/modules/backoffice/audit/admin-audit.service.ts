import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../../common/clock/clock';
import type { AuthUser } from '../../../common/guards/auth-user';
import { AdminAuditRepository } from './admin-audit.repository';

/** What one audit row says. `before`/`after` are the record as the back office serialises it. */
export interface AuditEntry {
  actor: AuthUser;
  action: string;
  resource: string;
  recordId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy (Dates → ISO strings, undefined dropped); null for a missing record. */
const snapshot = (value: unknown): Record<string, unknown> | null =>
  value === undefined || value === null
    ? null
    : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

/**
 * Writes admin audit rows (docs/PRODUCT-RULES.md "Back office"). Always pass the EntityManager of the transaction doing the
 * write, so the row commits or rolls back with it. Any module may use it for admin actions
 * outside the generic back office (import AdminAuditModule), e.g.
 *   await this.audit.record(m, { actor, action: 'ban', resource: 'users', recordId: id, before, after });
 */
@Injectable()
export class AdminAuditService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rows: AdminAuditRepository,
  ) {}

  /** Inserts one audit row through `manager` (AdminAuditRepository). */
  record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    return this.rows.insert(manager, {
      actorId: entry.actor.id,
      actorUsername: entry.actor.username,
      actorRole: entry.actor.role,
      action: entry.action,
      resource: entry.resource,
      recordId: entry.recordId === null ? null : String(entry.recordId),
      before: snapshot(entry.before),
      after: snapshot(entry.after),
      at: this.clock.now(),
    });
  }
}
