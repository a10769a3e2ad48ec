import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { BackofficeService } from './backoffice.service';
import type { ResourceRecord } from './resource-definition';

/**
 * The react-admin simple-rest routes (ra-data-simple-rest; docs/CONTRIBUTING.md §10) for every resource of
 * the registry. Login required (global JWT guard); each resource checks its own roles.
 */
/**
 * A back-office record: its fields depend on the resource (each resource's `serialize`;
 * modules/backoffice/README.md lists them), always with its `id`.
 */
const RECORD: SchemaObject = { type: 'object', required: ['id'], properties: { id: { oneOf: [{ type: 'integer' }, { type: 'string' }] } }, additionalProperties: true };

@ApiTags('backoffice')
@ApiBearerAuth()
@Controller('api/backoffice')
export class BackofficeController {
  constructor(private readonly backoffice: BackofficeService) {}

  /** `?sort=["field","ASC"]&range=[0,24]&filter={...}` → array + `Content-Range: {resource} 0-24/319`. */
  @Get(':resource')
  @ApiOkResponse({ schema: { type: 'array', items: RECORD }, description: 'One page of records; total in Content-Range' })
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
  getOne(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Param('id') id: string): Promise<ResourceRecord> {
    return this.backoffice.getOne(user, resource, id);
  }

  /** 201 with the created record (react-admin reads its `id`). */
  @Post(':resource')
  @ApiBody({ schema: RECORD, description: "The new record's fields (the resource's create DTO)" })
  @ApiCreatedResponse({ schema: RECORD })
  create(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Body() body: unknown): Promise<ResourceRecord> {
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
  remove(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Param('id') id: string): Promise<ResourceRecord> {
    return this.backoffice.remove(user, resource, id);
  }
}
