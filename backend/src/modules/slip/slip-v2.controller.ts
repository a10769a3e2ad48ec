import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { SlipListQueryDto } from './dto/slip-list-query.dto';
import { ActivePage, FinishedPage, SlipQueryService } from './slip-query.service';

/** /v2/api/slip lists (spec §7), with and without the trailing slash the spec writes (a path ending in '//' registers it; see account.controller.ts). */
@ApiTags('slip')
@Controller('v2/api/slip')
export class SlipV2Controller {
  constructor(private readonly query: SlipQueryService) {}

  /** GET /v2/api/slip/data/ → `{ results, next, previous, num_pages }`; `account=1` needs a token. */
  @Public()
  @Get(['data', 'data//'])
  active(@Query() q: SlipListQueryDto, @CurrentUser({ optional: true }) user?: AuthUser): Promise<ActivePage> {
    return this.query.active(q, user, () => {
      throw new AuthError(AuthErrorCode.NOT_AUTHENTICATED);
    });
  }

  /** GET /v2/api/slip/data/finished/ → `{ results, next, count, num_pages }`, 100 a page. */
  @Public()
  @Get(['data/finished', 'data/finished//'])
  finished(@Query() q: SlipListQueryDto, @CurrentUser({ optional: true }) user?: AuthUser): Promise<FinishedPage> {
    return this.query.finished(q, user);
  }
}
