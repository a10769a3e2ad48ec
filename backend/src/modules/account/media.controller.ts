import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Readable } from 'stream';
import { Public } from '../../common/decorators/public.decorator';
import { AccountProfileService } from './account-profile.service';

/**
 * Serves stored avatars at /media/avatars/{file}.webp (docs/PRODUCT-RULES.md "Accounts": a stable URL). File names are
 * random and never reused, so answers are cached for a year.
 */
@ApiExcludeController()
@Public()
@Controller('media')
export class MediaController {
  constructor(private readonly profiles: AccountProfileService) {}

  @Get('avatars/:file')
  @Header('cache-control', 'public, max-age=31536000, immutable')
  @Header('x-content-type-options', 'nosniff')
  async avatar(@Param('file') file: string): Promise<StreamableFile> {
    const { stream, size } = await this.profiles.openAvatar(file);
    return new StreamableFile(stream as Readable, { type: 'image/webp', length: size });
  }
}
