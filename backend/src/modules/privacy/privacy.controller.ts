import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { PrivacyNotice, privacyNotice } from './domain/privacy-notice';
import { PrivacyNoticeDto } from './dto/privacy-notice.dto';

/** The privacy notice the `/privacy` page shows (docs/PRODUCT-RULES.md R275). */
@ApiTags('site')
@Controller('api/site')
export class PrivacyController {
  constructor(private readonly config: AppConfig) {}

  /** `GET /api/site/privacy`: controller, purposes, the configured retention periods and the rights. Public. */
  @Public()
  @Get('privacy')
  @ApiOkResponse({ type: PrivacyNoticeDto })
  privacy(): PrivacyNotice {
    return privacyNotice(this.config.privacyController, this.config.retention);
  }
}
