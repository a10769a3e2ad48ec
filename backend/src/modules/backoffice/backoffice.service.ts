import { Injectable, ValidationPipe } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/guards/auth-user';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { roleAllows } from '../../common/guards/roles.guard';
import { validationPipeOptions } from '../../common/validation/validation-options';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { AdminAuditService } from './audit/admin-audit.service';
import { BackofficeError, BackofficeErrorCode } from './backoffice.errors';
import { contentRange, parseListParams, readValue } from './domain/list-params';
import { runListPage, applyFilters } from './list-query';
import type {
  AnyResourceDefinition,
  RecordId,
  ResourceRecord,
  WriteContext,
} from './resource-definition';
import { listSpecOf, ResourceRegistry } from './resource-registry';
import { ResourceRepository } from './resource.repository';

/** A list answer: the records and the Content-Range header value. */
export interface BackofficeListResult {
  records: ResourceRecord[];
  contentRange: string;
}

/**
 * The generic simple-rest use cases behind /api/backoffice/{resource}
 * (docs/PRODUCT-RULES.md "Back office"): list with sort/range/filter and Content-Range, get one,
 * and create/update/delete through the resource's handlers, each write audited in its own
 * transaction. Access: the resource's roles (admin always), and rows scoped to the caller by
 * `ownerColumn` unless the caller is admin. Writes also check the account still exists and is not
 * banned (access tokens are trusted for 15 minutes).
 */
@Injectable()
export class BackofficeService {
  private readonly validator = new ValidationPipe(validationPipeOptions);

  constructor(
    private readonly rows: ResourceRepository,
    private readonly tx: TransactionRunner,
    private readonly registry: ResourceRegistry,
    private readonly audit: AdminAuditService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * One page of `resource`, parsed from the `sort`, `range` and `filter` query parameters.
   * @throws BackofficeError UNKNOWN_RESOURCE (404), BAD_LIST_PARAM (400); AuthError FORBIDDEN (403).
   */
  async list(
    caller: AuthUser,
    resource: string,
    query: Record<string, unknown>,
  ): Promise<BackofficeListResult> {
    const { def, actor } = await this.resourceFor(caller, resource);
    const params = parseListParams(query, listSpecOf(def));
    const page = await runListPage(
      () => applyFilters(this.rows.query(def, actor), params.filters),
      params,
    );
    return {
      records: page.rows.map((row) => def.serialize(row)),
      contentRange: contentRange(def.name, params.range.start, page.rows.length, page.total),
    };
  }

  /**
   * Record `rawId` of `resource`.
   * @throws BackofficeError BAD_ID (400), RECORD_NOT_FOUND (404, also for another tipster's row).
   */
  async getOne(caller: AuthUser, resource: string, rawId: string): Promise<ResourceRecord> {
    const { def, actor } = await this.resourceFor(caller, resource);
    return this.loadRecord(undefined, def, actor, this.parseId(def, rawId));
  }

  /**
   * Creates a record through the resource's create handler; audits `create` with the new record.
   * @throws BackofficeError OPERATION_NOT_ALLOWED (405), 400 for an invalid body; AccountError ACCOUNT_BANNED (403); the handler's errors.
   */
  async create(caller: AuthUser, resource: string, body: unknown): Promise<ResourceRecord> {
    const { def, actor } = await this.resourceFor(caller, resource);
    const create = def.create ?? this.notAllowed(def, 'created');
    const input = await this.validate(body, create.dto);
    await this.accounts.assertActive(actor.id);
    return this.tx.run(async (manager) => {
      const ctx: WriteContext = { manager, actor };
      const { id } = await create.handle(input, ctx);
      const after = await this.loadRecord(manager, def, actor, id);
      await this.audit.record(manager, {
        actor,
        action: 'create',
        resource: def.name,
        recordId: id,
        before: null,
        after,
      });
      return after;
    });
  }

  /**
   * Updates record `rawId` through the resource's update handler (row locked first); audits
   * `update` with the record before and after.
   * @throws BackofficeError OPERATION_NOT_ALLOWED (405), BAD_ID (400), RECORD_NOT_FOUND (404), 400 for an invalid body.
   */
  async update(
    caller: AuthUser,
    resource: string,
    rawId: string,
    body: unknown,
  ): Promise<ResourceRecord> {
    const { def, actor } = await this.resourceFor(caller, resource);
    const update = def.update ?? this.notAllowed(def, 'updated');
    const id = this.parseId(def, rawId);
    const input = await this.validate(body, update.dto);
    await this.accounts.assertActive(actor.id);
    return this.tx.run(async (manager) => {
      const before = await this.loadRecord(manager, def, actor, id, true);
      await update.handle(id, input, { manager, actor });
      const after = await this.loadRecord(manager, def, actor, id);
      await this.audit.record(manager, {
        actor,
        action: 'update',
        resource: def.name,
        recordId: id,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Deletes record `rawId` through the resource's delete handler; audits `delete` with the
   * record as it was, which is also the answer (react-admin's delete expects the record).
   * @throws BackofficeError OPERATION_NOT_ALLOWED (405), BAD_ID (400), RECORD_NOT_FOUND (404).
   */
  async remove(caller: AuthUser, resource: string, rawId: string): Promise<ResourceRecord> {
    const { def, actor } = await this.resourceFor(caller, resource);
    const remove = def.delete ?? this.notAllowed(def, 'deleted');
    const id = this.parseId(def, rawId);
    await this.accounts.assertActive(actor.id);
    return this.tx.run(async (manager) => {
      const before = await this.loadRecord(manager, def, actor, id, true);
      await remove.handle(id, { manager, actor });
      await this.audit.record(manager, {
        actor,
        action: 'delete',
        resource: def.name,
        recordId: id,
        before,
        after: null,
      });
      return before;
    });
  }

  /**
   * The definition, once the caller may use it, and the caller as the rest of the request sees
   * them. The token's role is trusted when it allows the resource (no extra query); otherwise the
   * account's current role decides, so a user made a tipster by their first published slip
   * (docs/PRODUCT-RULES.md R55) reaches their slips and earnings with the token they logged in
   * with.
   * @throws AuthError FORBIDDEN (403) when neither role allows it; TOKEN_INVALID (401) / AccountError
   *   ACCOUNT_BANNED (403) when the account is gone or banned.
   */
  private async resourceFor(
    caller: AuthUser,
    name: string,
  ): Promise<{ def: AnyResourceDefinition; actor: AuthUser }> {
    const def = this.registry.get(name);
    if (roleAllows(caller.role, def.roles)) return { def, actor: caller };
    const role = await this.accounts.currentRole(caller.id);
    if (role === caller.role || !roleAllows(role, def.roles))
      throw new AuthError(AuthErrorCode.FORBIDDEN);
    return { def, actor: { ...caller, role } };
  }

  private notAllowed(def: AnyResourceDefinition, verb: string): never {
    throw new BackofficeError(
      BackofficeErrorCode.OPERATION_NOT_ALLOWED,
      `${def.name} cannot be ${verb} here`,
    );
  }

  private parseId(def: AnyResourceDefinition, rawId: string): RecordId {
    const field = def.fields[def.idField ?? 'id'];
    try {
      return readValue(rawId, field.type, 'id') as RecordId;
    } catch {
      throw new BackofficeError(
        BackofficeErrorCode.BAD_ID,
        `Invalid ${def.name} id '${rawId.slice(0, 40)}'`,
      );
    }
  }

  /** One record by id (locked FOR UPDATE of the main table when `lock`), serialised. */
  private async loadRecord(
    manager: EntityManager | undefined,
    def: AnyResourceDefinition,
    actor: AuthUser,
    id: RecordId,
    lock = false,
  ): Promise<ResourceRecord> {
    const row = await this.rows.load(def, actor, id, { manager, lock });
    if (!row)
      throw new BackofficeError(
        BackofficeErrorCode.RECORD_NOT_FOUND,
        `${def.name} ${id} not found`,
      );
    return def.serialize(row);
  }

  /** Validates a write body as `dto` (unknown fields stripped); 400 with field errors like every route. */
  private async validate<T extends object>(body: unknown, dto: new () => T): Promise<T> {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new BackofficeError(BackofficeErrorCode.BAD_BODY);
    return (await this.validator.transform(body, { type: 'body', metatype: dto })) as T;
  }
}
