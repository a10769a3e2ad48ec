import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../../common/guards/auth-user';
import type { AnyResourceDefinition, RecordId } from './resource-definition';

const OWNER_PARAM = 'bo_owner';

/**
 * The back office's reads of a resource's rows: the resource definition's entity, joins and owner
 * scope (docs/ARCHITECTURE.md "Table ownership": each resource reads the tables of the module it
 * belongs to). Pass `manager` to read inside the caller's transaction.
 */
@Injectable()
export class ResourceRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The resource's query: its joins, and the owner scope for a caller who is not admin. */
  query(
    def: AnyResourceDefinition,
    actor: AuthUser,
    manager: EntityManager = this.ds.manager,
  ): SelectQueryBuilder<ObjectLiteral> {
    let qb = manager.getRepository<ObjectLiteral>(def.entity).createQueryBuilder(def.alias);
    if (def.query) qb = def.query(qb);
    if (def.ownerColumn && actor.role !== 'admin')
      qb.andWhere(`${def.ownerColumn} = :${OWNER_PARAM}`, { [OWNER_PARAM]: actor.id });
    return qb;
  }

  /** Row `id` as the caller may see it (locked FOR UPDATE of the main table when `lock`), or null. */
  load(
    def: AnyResourceDefinition,
    actor: AuthUser,
    id: RecordId,
    opts: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<ObjectLiteral | null> {
    const qb = this.query(def, actor, opts.manager).andWhere(
      `${def.fields[def.idField ?? 'id'].column} = :bo_id`,
      { bo_id: id },
    );
    if (opts.lock) qb.setLock('pessimistic_write', undefined, [def.alias]);
    return qb.getOne();
  }
}
