import type { Type } from '@nestjs/common';
import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthUser, Role } from '../../common/guards/auth-user';
import type { FieldSpec, SortOrder } from './domain/list-params';

/** A record id as react-admin sends it (path segment) once read by the id field's type. */
export type RecordId = number | string;

/** What a write handler gets: the transaction (write through it, so the audit row commits with it) and the caller. */
export interface WriteContext {
  manager: EntityManager;
  actor: AuthUser;
}

/** A serialised record: the JSON object the back office shows (plain JSON values); react-admin needs `id`. */
export interface ResourceRecord {
  id: RecordId;
}

/**
 * One back-office resource, served by the generic simple-rest routes under /api/backoffice/{name}
 * (see README.md in this folder). Reads (list, get one) run one QueryBuilder on `entity`;
 * writes are allowed only when a handler is given, and call the owning module's service.
 *
 * Type parameters: E the entity, C / U the create / update DTO classes.
 */
export interface ResourceDefinition<
  E extends ObjectLiteral = ObjectLiteral,
  C extends object = object,
  U extends object = object,
> {
  /** URL segment and Content-Range unit: kebab-case plural ('posts', 'audit-log'). */
  name: string;
  /** Entity whose table the reads query; `alias` is its alias in `fields[*].column`. */
  entity: EntityTarget<E>;
  alias: string;
  /** Roles allowed (admin always passes: roles.guard.ts roleAllows). */
  roles: readonly Role[];
  /**
   * SQL column holding the owner's user id ('s.tipster_id'). When set, a caller who is not admin
   * sees and writes only rows where it equals their id (others' rows answer 404).
   */
  ownerColumn?: string;
  /** Field of `fields` holding the id (default 'id'): parses the {id} path segment and breaks sort ties. */
  idField?: string;
  /**
   * The allowlist: wire field name → SQL column, type, sortable, filter operators. Anything not
   * listed cannot be sorted or filtered (400 naming it). The serializer decides what is shown.
   */
  fields: Record<string, FieldSpec>;
  /** Text fields searched by `filter={"q":"..."}`. */
  search?: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Widest range per request (default MAX_LIST_RANGE). */
  maxRange?: number;
  /** Adds joins/selects to the base query (many-to-one only: the list pages with OFFSET/LIMIT). */
  query?: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>;
  /** Entity (with what `query` selected) → record. Never expose secrets (hashes, tokens). */
  serialize: (row: E) => ResourceRecord;
  /** POST /{name}: body validated as `dto` (unknown fields stripped); returns the new row's id. */
  create?: { dto: Type<C>; handle: (body: C, ctx: WriteContext) => Promise<{ id: RecordId }> };
  /** PUT /{name}/{id}: body validated as `dto` (react-admin sends the whole record: unknown fields stripped). */
  update?: { dto: Type<U>; handle: (id: RecordId, body: U, ctx: WriteContext) => Promise<unknown> };
  /** DELETE /{name}/{id}. */
  delete?: { handle: (id: RecordId, ctx: WriteContext) => Promise<unknown> };
}

/** A definition of any entity and DTOs (the registry holds a mix). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions differ in entity and DTO types
export type AnyResourceDefinition = ResourceDefinition<any, any, any>;

/** Identity helper that infers E, C and U from the object literal. */
export const defineResource = <
  E extends ObjectLiteral,
  C extends object = object,
  U extends object = object,
>(
  def: ResourceDefinition<E, C, U>,
): ResourceDefinition<E, C, U> => def;

/** A Nest provider contributing one resource (listed in BACKOFFICE_RESOURCE_PROVIDERS). */
export interface BackofficeResource {
  readonly definition: AnyResourceDefinition;
}
