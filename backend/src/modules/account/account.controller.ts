import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { MessageResponse } from '../../common/openapi/api-shapes';
import {
  AvatarResponseDto,
  OwnProfileResponseDto,
  PublicProfileResponseDto,
  RegisterResponseDto,
  TokenPairDto,
  UserDetailsResponseDto,
  VerificationSentResponseDto,
} from './dto/account-responses.dto';
import { randomBytes } from 'crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import type { AuthUser } from '../../common/guards/auth-user';
import { TOKEN_COOKIE } from '../../common/guards/jwt-auth.guard';
import { DEVICE_COOKIE, DEVICE_ID_PATTERN, RateLimit } from '../../common/guards/rate-limit.guard';
import { RATE_LIMITS } from './account.constants';
import type { OwnProfileResponse, PublicProfileResponse } from './account.mapper';
import { AccountAuthService } from './account-auth.service';
import { AccountRegistrationService, RegisterResponse } from './account-registration.service';
import { AccountPasswordService } from './account-password.service';
import { AccountProfileService } from './account-profile.service';
import type { TokenPair } from './auth/session.service';
import { readProfileImage } from './avatar/read-profile-image';
import { ChangePasswordDto } from './dto/change-password.dto';
import { EmailLoginDto } from './dto/email-login.dto';
import { RefreshTokenDto } from './dto/refresh-token.dto';
import { RegisterDto } from './dto/register.dto';
import { ResetPasswordConfirmDto, ResetPasswordRequestDto } from './dto/reset-password.dto';
import { UserDetailsDto } from './dto/user-details.dto';
import { EmailVerificationService } from './email-verification.service';

/** How long a browser keeps its DEVICE_COOKIE: one year, in seconds. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Cookie in which the frontend keeps the refresh token (frontend/src/lib/auth.ts). */
export const REFRESH_COOKIE = 'refresh';

/**
 * The reset routes keep the trailing slash they are named with (docs/PRODUCT-RULES.md R140). Nest
 * strips one trailing slash from every route path and Fastify matches slashes exactly
 * (ignoreTrailingSlash is off), so a path ending in '//' is what registers '.../reset-password/'
 * next to '.../reset-password'. The integration tests call both forms.
 */
const TRAILING_SLASH = '//';

type CookieRequest = FastifyRequest & { cookies?: Record<string, string | undefined> };

/**
 * The /api/account routes (docs/PRODUCT-RULES.md R140, "Accounts"). Thin: parse, authorise, one
 * service call. The reset routes answer with and without the trailing slash the spec writes (see
 * TRAILING_SLASH). Every route needs the access token unless marked @Public().
 */
@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account')
export class AccountController {
  constructor(
    private readonly auth: AccountAuthService,
    private readonly registration: AccountRegistrationService,
    private readonly profiles: AccountProfileService,
    private readonly passwords: AccountPasswordService,
    private readonly verification: EmailVerificationService,
  ) {}

  /**
   * 201 `{ token, refresh }`; 400 with field lists. Gives the browser a DEVICE_COOKIE when it has
   * none, so sign-ups are limited per browser as well as per e-mail, phone and address.
   */
  @Public()
  @RateLimit(RATE_LIMITS.register)
  @Post('register')
  @ApiCreatedResponse({ type: RegisterResponseDto })
  register(
    @Body() body: RegisterDto,
    @Req() req: CookieRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegisterResponse> {
    if (!DEVICE_ID_PATTERN.test(req.cookies?.[DEVICE_COOKIE] ?? '')) {
      reply.setCookie(DEVICE_COOKIE, randomBytes(16).toString('base64url'), {
        path: '/api/account',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    }
    return this.registration.register(body);
  }

  /** 200 `{ access, refresh }`; 401 `{ message: 'Invalid email or password' }`. */
  @Public()
  @RateLimit(RATE_LIMITS.login)
  @HttpCode(200)
  @Post('email-login')
  @ApiOkResponse({ type: TokenPairDto })
  login(@Body() body: EmailLoginDto): Promise<TokenPair> {
    return this.auth.login(body);
  }

  /** 200 `{ access, refresh }` for `{ refresh }` (or the `refresh` cookie); the old refresh token stops working. */
  @Public()
  @RateLimit(RATE_LIMITS.refresh)
  @HttpCode(200)
  @Post('token/refresh')
  @ApiOkResponse({ type: TokenPairDto })
  refresh(@Body() body: RefreshTokenDto, @Req() req: CookieRequest): Promise<TokenPair> {
    return this.auth.refresh(body.refresh ?? req.cookies?.[REFRESH_COOKIE]);
  }

  /** 200 `{ message }`: revokes the session of `refresh` (or the cookie), else every session of the caller; clears the cookies. */
  @Public()
  @HttpCode(200)
  @Post('logout')
  @ApiOkResponse({ type: MessageResponse })
  async logout(
    @Body() body: RefreshTokenDto,
    @Req() req: CookieRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser({ optional: true }) user?: AuthUser,
  ): Promise<{ message: string }> {
    const result = await this.auth.logout(body.refresh ?? req.cookies?.[REFRESH_COOKIE], user?.id);
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return result;
  }

  @Get('profile')
  @ApiOkResponse({ type: OwnProfileResponseDto })
  ownProfile(@CurrentUser() user: AuthUser): Promise<OwnProfileResponse> {
    return this.profiles.ownProfile(user.id);
  }

  /** Public profile; 404 `{ message: 'User not found' }`. */
  @Public()
  @Get('profile/:username')
  @ApiOkResponse({ type: PublicProfileResponseDto })
  publicProfile(@Param('username') username: string): Promise<PublicProfileResponse> {
    return this.profiles.publicProfile(username);
  }

  @HttpCode(200)
  @Post('user/details')
  @ApiOkResponse({ type: UserDetailsResponseDto })
  details(
    @CurrentUser() user: AuthUser,
    @Body() body: UserDetailsDto,
  ): Promise<{ message: string; first_name: string; city: string }> {
    return this.profiles.updateDetails(user.id, body);
  }

  /** multipart field `profile_image`: an image of at most 2 MB (checked by content). */
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', properties: { profile_image: { type: 'string', format: 'binary' } } },
  })
  @HttpCode(200)
  @Post('user/avatar')
  @ApiOkResponse({ type: AvatarResponseDto })
  async avatar(
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<{ message: string; profile_image_url: string | null }> {
    return this.profiles.setAvatar(user.id, await readProfileImage(req));
  }

  /** 200 `{ message: 'Saved' }`; 400 `{ old_password: ['Wrong password'] }` or `{ new_password: [...] }`. */
  @Put('change-password')
  @ApiOkResponse({ type: MessageResponse })
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
  ): Promise<{ message: string }> {
    return this.passwords.change(user, body);
  }

  /** 200 `{ message: 'Check your email for the link' }` whether or not the account exists. */
  @Public()
  @RateLimit(RATE_LIMITS.resetRequest)
  @HttpCode(200)
  @Post(['reset-password', `reset-password${TRAILING_SLASH}`])
  @ApiOkResponse({ type: MessageResponse })
  resetPassword(@Body() body: ResetPasswordRequestDto): Promise<{ message: string }> {
    return this.passwords.requestReset(body.email);
  }

  /** 200 `{ message: 'Password set successfully.' }`; 400 `{ password: [...] }` or `{ token: ['Invalid token'] }`. */
  @Public()
  @RateLimit(RATE_LIMITS.resetConfirm)
  @HttpCode(200)
  @Post(['reset-password/confirm', `reset-password/confirm${TRAILING_SLASH}`])
  @ApiOkResponse({ type: MessageResponse })
  confirmReset(@Body() body: ResetPasswordConfirmDto): Promise<{ message: string }> {
    return this.passwords.confirmReset(body);
  }

  /** 200 `{ message, email }`. */
  @RateLimit(RATE_LIMITS.sendVerification)
  @Get('send-email-verification-code')
  @ApiOkResponse({ type: VerificationSentResponseDto })
  sendVerification(@CurrentUser() user: AuthUser): Promise<{ message: string; email: string }> {
    return this.verification.send(user);
  }

  /** 200 `{ message: 'Email verified' }`; 400 `{ message }` for a wrong or expired code. */
  @RateLimit(RATE_LIMITS.verifyEmail)
  @HttpCode(200)
  @Post('verify-email-verification/:code')
  @ApiOkResponse({ type: MessageResponse })
  verifyEmail(
    @CurrentUser() user: AuthUser,
    @Param('code') code: string,
  ): Promise<{ message: string }> {
    return this.verification.verify(user, code);
  }
}
