import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { BanStateResponseDto } from './dto/account-responses.dto';
import { Roles } from '../../common/decorators/roles.decorator';
import { AccountService } from './account.service';

/** Admin account actions (docs/PRODUCT-RULES.md, Roles: admin manages users). */
@ApiTags('account admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('api/account/admin')
export class AccountAdminController {
  constructor(private readonly accounts: AccountService) {}

  /** 200 `{ username, banned: true }`: the user can no longer log in, refresh or use account routes. */
  @HttpCode(200)
  @Post('users/:username/ban')
  @ApiOkResponse({ type: BanStateResponseDto })
  ban(@Param('username') username: string): Promise<{ username: string; banned: boolean }> {
    return this.accounts.setBanned(username, true);
  }

  /** 200 `{ username, banned: false }`. */
  @HttpCode(200)
  @Post('users/:username/unban')
  @ApiOkResponse({ type: BanStateResponseDto })
  unban(@Param('username') username: string): Promise<{ username: string; banned: boolean }> {
    return this.accounts.setBanned(username, false);
  }
}
