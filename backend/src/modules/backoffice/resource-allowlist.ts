import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { Role } from '../../common/guards/auth-user';
import type { FieldType, FilterOp, SortOrder } from './domain/list-params';
import type { AnyResourceDefinition } from './resource-definition';

/** One allowlisted field as served: its type, whether lists may sort by it, its filter operators. */
export interface AllowedField {
  type: FieldType;
  sortable: boolean;
  filter: FilterOp[];
}

/**
 * A resource's allowlist as GET /api/backoffice/resources serves it: what `defineResource`
 * declares, without the SQL (columns, joins, serialiser). `create` / `update` are the body fields
 * the write accepts (its DTO's validated properties; anything else is stripped), null when the
 * verb answers 405.
 */
export interface ResourceAllowlist {
  name: string;
  roles: Role[];
  idField: string;
  fields: Record<string, AllowedField>;
  /** Fields searched by `filter={"q":...}`; empty = no `q`. */
  search: string[];
  defaultSort: { field: string; order: SortOrder };
  create: string[] | null;
  update: string[] | null;
  delete: boolean;
}

/** Body fields a DTO accepts: its class-validator properties (ValidationPipe `whitelist` strips others), sorted. */
export const dtoFields = (dto: Type<object>): string[] =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((m) => m.propertyName),
    ),
  ].sort();

/** The served allowlist of one definition (fields in declaration order). */
export const allowlistOf = (def: AnyResourceDefinition): ResourceAllowlist => ({
  name: def.name,
  roles: [...def.roles],
  idField: def.idField ?? 'id',
  fields: Object.fromEntries(
    Object.entries(def.fields).map(([name, f]) => [
      name,
      { type: f.type, sortable: f.sortable === true, filter: [...(f.filter ?? [])] },
    ]),
  ),
  search: [...(def.search ?? [])],
  defaultSort: { field: def.defaultSort[0], order: def.defaultSort[1] },
  create: def.create ? dtoFields(def.create.dto) : null,
  update: def.update ? dtoFields(def.update.dto) : null,
  delete: !!def.delete,
});
