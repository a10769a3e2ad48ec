import { Controller, Get, NotFoundException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CacheCounters, readCacheStats } from '../common/cache/cache-stats';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import type { AuthUser } from '../common/guards/auth-user';
import { AppConfig } from '../config/app-config';

/**
 * GET /api/health/cache: this process's in-process cache counters (hits, misses, hit rate,
 * entries, bytes) by cache — the visitors' fast path, the list and top-games caches, the slip page
 * index, search results. Counters only, no data. `npm run bench` prints the hit rates from it.
 * Open outside production; in production admins only (others get 404).
 */
@ApiTags('health')
@Controller('api/health/cache')
export class CacheStatsController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get()
  @ApiOkResponse({
    description: 'Counters of every in-process cache (hits, misses...) by cache name',
    schema: {
      type: 'object',
      required: ['pid', 'caches'],
      properties: {
        pid: { type: 'integer' },
        caches: {
          type: 'object',
          additionalProperties: { type: 'object', additionalProperties: { type: 'number' } },
        },
      },
    },
  })
  stats(@CurrentUser({ optional: true }) user?: AuthUser): {
    pid: number;
    caches: Record<string, CacheCounters>;
  } {
    if (this.config.isProduction && user?.role !== 'admin') throw new NotFoundException();
    return { pid: process.pid, caches: readCacheStats() };
  }
}
