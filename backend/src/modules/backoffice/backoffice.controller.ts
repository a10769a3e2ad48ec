import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { BackofficeService } from './backoffice.service';
import type { ResourceAllowlist } from './resource-allowlist';
import type { ResourceRecord } from './resource-definition';
import { ResourceRegistry } from './resource-registry';

/**
 * The react-admin simple-rest routes (ra-data-simple-rest; docs/CONTRIBUTING.md §10) for every resource of
 * the registry. Login required (global JWT guard); each resource checks its own roles.
 */
/**
 * A back-office record: its fields depend on the resource (each resource's `serialize`;
 * modules/backoffice/README.md lists them), always with its `id`.
 */
const RECORD: SchemaObject = {
  type: 'object',
  required: ['id'],
  properties: { id: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
  additionalProperties: true,
};

const FIELD_NAMES: SchemaObject = { type: 'array', items: { type: 'string' } };

/** One resource's allowlist (resource-allowlist.ts ResourceAllowlist). */
const ALLOWLIST: SchemaObject = {
  type: 'object',
  required: [
    'name',
    'roles',
    'idField',
    'fields',
    'search',
    'defaultSort',
    'create',
    'update',
    'delete',
  ],
  properties: {
    name: { type: 'string', example: 'posts' },
    roles: {
      type: 'array',
      items: { type: 'string', enum: ['user', 'tipster', 'admin'] },
      description: 'admin always passes',
    },
    idField: { type: 'string', example: 'id' },
    fields: {
      type: 'object',
      description:
        'Wire field → what lists may do with it; anything else answers 400 in sort or filter',
      additionalProperties: {
        type: 'object',
        required: ['type', 'sortable', 'filter'],
        properties: {
          type: { type: 'string', enum: ['int', 'bigint', 'numeric', 'text', 'bool', 'date'] },
          sortable: { type: 'boolean' },
          filter: {
            type: 'array',
            items: { type: 'string', enum: ['eq', 'ilike', 'in', 'gte', 'lte'] },
          },
        },
      },
    },
    search: { ...FIELD_NAMES, description: 'Fields searched by filter={"q":...}; empty: no q' },
    defaultSort: {
      type: 'object',
      required: ['field', 'order'],
      properties: { field: { type: 'string' }, order: { type: 'string', enum: ['ASC', 'DESC'] } },
    },
    create: { ...FIELD_NAMES, nullable: true, description: 'Body fields POST accepts; null: 405' },
    update: { ...FIELD_NAMES, nullable: true, description: 'Body fields PUT accepts; null: 405' },
    delete: { type: 'boolean', description: 'false: DELETE answers 405' },
  },
};

@ApiTags('backoffice')
@ApiBearerAuth()
@Controller('api/backoffice')
export class BackofficeController {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly registry: ResourceRegistry,
  ) {}

  /**
   * Every resource's allowlist (sortable and filterable fields, search, default sort, roles,
   * write fields), as the resources' `defineResource` declares it: the one declaration the
   * frontend's screens are checked against (frontend/src/backoffice/allowlist.json). Admin only.
   * A static path: it wins over `:resource`, and no resource may be called `resources`.
   */
  @Get('resources')
  @Roles('admin')
  @ApiOkResponse({
    schema: { type: 'array', items: ALLOWLIST },
    description: 'Every back-office resource, in menu registration order',
  })
  resources(): ResourceAllowlist[] {
    return this.registry.allowlists();
  }

  /** `?sort=["field","ASC"]&range=[0,24]&filter={...}` → array + `Content-Range: {resource} 0-24/319`. */
  @Get(':resource')
  @ApiOkResponse({
    schema: { type: 'array', items: RECORD },
    description: 'One page of records; total in Content-Range',
  })
  async list(
    @CurrentUser() user: AuthUser,
    @Param('resource') resource: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResourceRecord[]> {
    const page = await this.backoffice.list(user, resource, query);
    void reply.header('Content-Range', page.contentRange);
    return page.records;
  }

  /** One record; 404 when absent (or another tipster's). */
  @Get(':resource/:id')
  @ApiOkResponse({ schema: RECORD })
  getOne(
    @CurrentUser() user: AuthUser,
    @Param('resource') resource: string,
    @Param('id') id: string,
  ): Promise<ResourceRecord> {
    return this.backoffice.getOne(user, resource, id);
  }

  /** 201 with the created record (react-admin reads its `id`). */
  @Post(':resource')
  @ApiBody({ schema: RECORD, description: "The new record's fields (the resource's create DTO)" })
  @ApiCreatedResponse({ schema: RECORD })
  create(
    @CurrentUser() user: AuthUser,
    @Param('resource') resource: string,
    @Body() body: unknown,
  ): Promise<ResourceRecord> {
    return this.backoffice.create(user, resource, body);
  }

  /** 200 with the updated record. */
  @Put(':resource/:id')
  @ApiBody({ schema: RECORD, description: "The fields to change (the resource's update DTO)" })
  @ApiOkResponse({ schema: RECORD })
  update(
    @CurrentUser() user: AuthUser,
    @Param('resource') resource: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ResourceRecord> {
    return this.backoffice.update(user, resource, id, body);
  }

  /** 200 with the deleted record as it was. */
  @Delete(':resource/:id')
  @ApiOkResponse({ schema: RECORD, description: 'The record as it was' })
  remove(
    @CurrentUser() user: AuthUser,
    @Param('resource') resource: string,
    @Param('id') id: string,
  ): Promise<ResourceRecord> {
    return this.backoffice.remove(user, resource, id);
  }
}
