import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ActivePageDto, FinishedPageDto } from './dto/slip-responses.dto';
import { JsonBytes } from '../../common/cache/hot-json-cache';
import { VisitorFastPath } from '../../common/cache/visitor-response-cache';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { SlipListQueryDto } from './dto/slip-list-query.dto';
import { ActivePage, FinishedPage, SlipQueryService } from './slip-query.service';
import { SlipListCache } from './slip-list-cache';

/**
 * /v2/api/slip lists (docs/PRODUCT-RULES.md R140, R142), with and without the trailing slash they
 * are named with (a path ending in '//' registers it; see account.controller.ts).
 */
@ApiTags('slip')
@Controller('v2/api/slip')
export class SlipV2Controller {
  constructor(private readonly query: SlipQueryService) {}

  /**
   * GET /v2/api/slip/data/ → `{ results, next, previous, num_pages }`; `account=1` needs a token.
   * Visitors get the pre-serialised bytes of the list cache (a URL seen within 1 s from the
   * visitors' fast path), logged-in users a fresh object.
   */
  @Public()
  @VisitorFastPath(SlipListCache)
  @Get(['data', 'data//'])
  @ApiOkResponse({ type: ActivePageDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  active(
    @Query() q: SlipListQueryDto,
    @CurrentUser({ optional: true }) user?: AuthUser,
  ): Promise<ActivePage | JsonBytes<ActivePage>> {
    return this.query.active(q, user, () => {
      throw new AuthError(AuthErrorCode.NOT_AUTHENTICATED);
    });
  }

  /** GET /v2/api/slip/data/finished/ → `{ results, next, count, num_pages }`, 100 a page. */
  @Public()
  @VisitorFastPath(SlipListCache)
  @Get(['data/finished', 'data/finished//'])
  @ApiOkResponse({ type: FinishedPageDto })
  @Header('Content-Type', 'application/json; charset=utf-8')
  finished(
    @Query() q: SlipListQueryDto,
    @CurrentUser({ optional: true }) user?: AuthUser,
  ): Promise<FinishedPage | JsonBytes<FinishedPage>> {
    return this.query.finished(q, user);
  }
}
