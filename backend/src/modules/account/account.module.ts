import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwtAuthGuard } from '../../common/guards/jwt-auth.guard';
import { RateLimitModule } from '../../common/guards/rate-limit.module';
import { RolesGuard } from '../../common/guards/roles.guard';
import { NotificationsModule } from '../notifications/notifications.module';
import { AccountAdminController } from './account-admin.controller';
import { AccountMaintenanceService } from './account-maintenance.service';
import { AccountAuthService } from './account-auth.service';
import { AccountRegistrationService } from './account-registration.service';
import { AccountController } from './account.controller';
import { AccountPasswordService } from './account-password.service';
import { AccountProfileService } from './account-profile.service';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountRepository } from './account.repository';
import { CredentialsRepository } from './credentials.repository';
import { AccountService } from './account.service';
import { ClosedAccounts } from './auth/closed-accounts';
import { JwtStrategy } from './auth/jwt.strategy';
import { LoginLockService } from './auth/login-lock.service';
import { PasswordHasher } from './auth/password-hasher';
import { SessionService } from './auth/session.service';
import { TokenService } from './auth/token.service';
import { AppConfig } from '../../config/app-config';
import { AVATAR_STORE, AvatarStore, LocalAvatarStore } from './avatar/avatar-storage';
import { S3AvatarStore } from './avatar/s3-avatar-store';
import { EmailVerificationService } from './email-verification.service';
import { EmailVerificationCode } from './entities/email-verification-code.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { RefreshTokenFamily } from './entities/refresh-token-family.entity';
import { User } from './entities/user.entity';
import { MediaController } from './media.controller';
import { AccountDataRepository } from './account-data.repository';
import { AccountDataService } from './account-data.service';
import { ProfileProviders } from './profile-providers';

/**
 * Account module (docs/ARCHITECTURE.md, "modules/account"): users, JWT auth, profiles,
 * avatars, password change and reset, e-mail verification, roles and bans.
 * Registers the global guards: JwtAuthGuard (every route needs a token unless @Public()) then
 * RolesGuard (@Roles). Exports AccountService (roles, bans, user summaries) and ProfileProviders
 * (where the slip and subscription modules plug their figures into profiles).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([User, RefreshTokenFamily, PasswordResetToken, EmailVerificationCode]),
    PassportModule,
    JwtModule.register({}),
    RateLimitModule,
    NotificationsModule,
  ],
  controllers: [AccountController, AccountAdminController, MediaController],
  providers: [
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    {
      provide: AVATAR_STORE,
      inject: [AppConfig],
      useFactory: (config: AppConfig): AvatarStore =>
        config.avatarStorage.driver === 's3'
          ? new S3AvatarStore(config)
          : new LocalAvatarStore(config),
    },
    JwtStrategy,
    ClosedAccounts,
    PasswordHasher,
    LoginLockService,
    TokenService,
    SessionService,
    ProfileProviders,
    AccountAuthService,
    AccountRegistrationService,
    AccountProfileService,
    AccountPasswordService,
    EmailVerificationService,
    AccountService,
    AccountRepository,
    CredentialsRepository,
    TransactionRunner,
    AccountMaintenanceService,
    AccountDataRepository,
    AccountDataService,
  ],
  exports: [
    AccountService,
    ProfileProviders,
    AccountMaintenanceService,
    AccountDataService,
    ClosedAccounts,
  ],
})
export class AccountModule {}
