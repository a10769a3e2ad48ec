import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Post,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Readable } from 'stream';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { PHONE_LOOKUP_LIMIT } from '../../common/guards/rate-limit.constants';
import { RateLimit, type RateLimitRules } from '../../common/guards/rate-limit.guard';
import type { AuthUser } from '../../common/guards/auth-user';
import { MessageResponse } from '../../common/openapi/api-shapes';
import { DATA_RIGHTS_RATE_LIMITS } from '../account/account.constants';
import { RG_CODE_RATE_LIMITS } from '../rg/rg.controller';
import { AccountDataService, ReauthProof } from '../account/account-data.service';
import { AccountClosingService, CloseAccountResponse } from './account-closing.service';
import { AccountDataExportService } from './account-data-export.service';
import { BuyerDataService, BuyerErasureResponse } from './buyer-data.service';
import {
  BuyerDataCodeDto,
  BuyerErasureResponseDto,
  CloseAccountDto,
  CloseAccountResponseDto,
  PersonalDataDocumentDto,
  ReauthDto,
  ReauthResponseDto,
} from './dto/privacy.dto';

const JSON_TYPE = 'application/json; charset=utf-8';
const ATTACHMENT = 'attachment; filename="my-data.json"';

/** A buyer's export and erasure per phone: as the buyer's history reads (PHONE_LOOKUP_LIMIT a phone), at most 5 an hour. */
export const BUYER_DATA_RATE_LIMITS = {
  phone: { ...PHONE_LOOKUP_LIMIT, limit: 5, ttlMs: 60 * 60_000, from: { query: 'phone' } },
} as const satisfies RateLimitRules;

/**
 * A logged-in user's data rights (docs/PRODUCT-RULES.md R260-R264): a password proof, the
 * export of everything held about them, and closing the account. Rate limited per user.
 */
@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account')
export class AccountDataController {
  constructor(
    private readonly accounts: AccountDataService,
    private readonly exports: AccountDataExportService,
    private readonly closing: AccountClosingService,
  ) {}

  /** {password} → {proof, expires_at} good for 5 minutes; 400 {password: ['Wrong password']}. */
  @RateLimit(DATA_RIGHTS_RATE_LIMITS.reauth)
  @HttpCode(200)
  @Post('reauth')
  @ApiOkResponse({ type: ReauthResponseDto })
  reauth(@CurrentUser() user: AuthUser, @Body() body: ReauthDto): Promise<ReauthProof> {
    return this.accounts.reauth(user.id, body.password);
  }

  /** ?proof= → the personal-data document, streamed JSON; 403 without a live proof. */
  @RateLimit(DATA_RIGHTS_RATE_LIMITS.export)
  @Get('my-data')
  @ApiQuery({
    name: 'proof',
    required: true,
    description: 'the proof of POST /api/account/reauth (5 minutes)',
  })
  @ApiOkResponse({ type: PersonalDataDocumentDto })
  @Header('Content-Disposition', ATTACHMENT)
  async myData(
    @CurrentUser() user: AuthUser,
    @Query('proof') proof?: unknown,
  ): Promise<StreamableFile> {
    return new StreamableFile(Readable.from(await this.exports.exportFor(user.id, proof)), {
      type: JSON_TYPE,
    });
  }

  /** {password, confirmation: 'DELETE'} → closes the account; 409 with the figures while money is owed. Idempotent. */
  @RateLimit(DATA_RIGHTS_RATE_LIMITS.close)
  @HttpCode(200)
  @Delete()
  @ApiOkResponse({ type: CloseAccountResponseDto })
  close(
    @CurrentUser() user: AuthUser,
    @Body() body: CloseAccountDto,
  ): Promise<CloseAccountResponse> {
    return this.closing.close(user.id, body?.password, body?.confirmation);
  }
}

/**
 * A buyer's data rights without an account (docs/PRODUCT-RULES.md R261, R265): a one-time SMS
 * code of purpose `data`, then the export of everything found by the phone, or the erasure of the
 * phone from purchases older than the retention. Public: holding the phone is the proof.
 */
@ApiTags('buyer')
@Public()
@Controller('api/buyer')
export class BuyerDataController {
  constructor(private readonly buyers: BuyerDataService) {}

  /** {phone} → texts a 6-digit code (10 minutes) → {message: 'Code sent'}; 429 within a minute of the last. */
  @Post('data-code')
  @HttpCode(200)
  @RateLimit(RG_CODE_RATE_LIMITS)
  @ApiOkResponse({ type: MessageResponse })
  code(@Body() body: BuyerDataCodeDto): Promise<{ message: string }> {
    return this.buyers.sendCode(body?.phone);
  }

  /** ?phone=&code= → the personal-data document of the phone, streamed JSON; 400 for a wrong phone or code. */
  @Get('my-data')
  @RateLimit(BUYER_DATA_RATE_LIMITS)
  @ApiQuery({ name: 'phone', required: true })
  @ApiQuery({
    name: 'code',
    required: true,
    description: 'the 6-digit code of POST /api/buyer/data-code',
  })
  @ApiOkResponse({ type: PersonalDataDocumentDto })
  @Header('Content-Disposition', ATTACHMENT)
  async myData(
    @Query('phone') phone?: unknown,
    @Query('code') code?: unknown,
  ): Promise<StreamableFile> {
    return new StreamableFile(Readable.from(await this.buyers.exportFor(phone, code)), {
      type: JSON_TYPE,
    });
  }

  /** ?phone=&code= → erases the phone from purchases older than the retention; 400 for a wrong phone or code. */
  @Delete('my-data')
  @HttpCode(200)
  @RateLimit(BUYER_DATA_RATE_LIMITS)
  @ApiQuery({ name: 'phone', required: true })
  @ApiQuery({
    name: 'code',
    required: true,
    description: 'the 6-digit code of POST /api/buyer/data-code',
  })
  @ApiOkResponse({ type: BuyerErasureResponseDto })
  erase(
    @Query('phone') phone?: unknown,
    @Query('code') code?: unknown,
  ): Promise<BuyerErasureResponse> {
    return this.buyers.erase(phone, code);
  }
}
