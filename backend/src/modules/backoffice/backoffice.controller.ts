import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { BackofficeService } from './backoffice.service';
import type { ResourceRecord } from './resource-definition';

/**
 * The react-admin simple-rest routes (ra-data-simple-rest; docs/CONTRIBUTING.md §10) for every resource of
 * the registry. Login required (global JWT guard); each resource checks its own roles.
 */
@ApiTags('backoffice')
@ApiBearerAuth()
@Controller('api/backoffice')
export class BackofficeController {
  constructor(private readonly backoffice: BackofficeService) {}

  /** `?sort=["field","ASC"]&range=[0,24]&filter={...}` → array + `Content-Range: {resource} 0-24/319`. */
  @Get(':resource')
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
  getOne(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Param('id') id: string): Promise<ResourceRecord> {
    return this.backoffice.getOne(user, resource, id);
  }

  /** 201 with the created record (react-admin reads its `id`). */
  @Post(':resource')
  create(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Body() body: unknown): Promise<ResourceRecord> {
    return this.backoffice.create(user, resource, body);
  }

  /** 200 with the updated record. */
  @Put(':resource/:id')
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
  remove(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Param('id') id: string): Promise<ResourceRecord> {
    return this.backoffice.remove(user, resource, id);
  }
}
