import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { toKenyanMsisdn } from '../../common/msisdn/msisdn';
import { TransactionRunner } from '../../database/transaction-runner';
import { OPT_IN_SOURCE } from '../notifications/consent/consent.constants';
import { MarketingConsentService } from '../notifications/consent/marketing-consent.service';
import { DEFAULT_COUNTRY, ERASED_USERNAME_HOLD_MS } from './account.constants';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { uniqueViolation } from './account-users';
import { PasswordHasher } from './auth/password-hasher';
import { SessionService } from './auth/session.service';
import { erasedUsernameHash } from './domain/account-erasure';
import { MESSAGES, normaliseEmail } from './domain/account-rules';
import { RegisterDto } from './dto/register.dto';

/** POST /api/account/register answer (docs/PRODUCT-RULES.md R141: token, refresh). */
export interface RegisterResponse {
  token: string;
  refresh: string;
}

/**
 * Registration (POST /api/account/register; docs/PRODUCT-RULES.md "Accounts", R141, R264, R276):
 * the account, its first session and, when ticked, the marketing opt-in.
 */
@Injectable()
export class AccountRegistrationService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly consents: MarketingConsentService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Creates a user (role `user`, country KE unless NG/UG/TZ is given) and logs them in.
   * Username and e-mail must be unused, ignoring case; a username an erased account held within
   * ERASED_USERNAME_HOLD_MS counts as used (docs/PRODUCT-RULES.md R264). With `marketing_sms_consent`
   * (the ticked box's text) the phone is opted in to marketing SMS (docs/PRODUCT-RULES.md R276).
   * @throws ConsentError UNKNOWN_CONSENT_TEXT (400) for another consent text;
   * @throws AccountError REGISTRATION_INVALID (400) with `{ username: [...] }` and/or `{ email: [...] }`.
   */
  async register(dto: RegisterDto): Promise<RegisterResponse> {
    const optIn = this.consents.smsOptInTicked(dto.marketing_sms_consent);
    const username = dto.username.trim();
    const email = normaliseEmail(dto.email);
    const taken = await this.takenFields(username, email);
    if (taken) throw new AccountError(AccountErrorCode.REGISTRATION_INVALID, taken);

    const country = dto.country ?? DEFAULT_COUNTRY;
    const phone = dto.phone_number.trim();
    const passwordHash = await this.hasher.hash(dto.password);
    try {
      const created = await this.tx.run(async (m) => {
        const user = await this.users.insert(m, {
          username,
          email,
          phoneNumber: phone,
          msisdn: country === 'KE' ? toKenyanMsisdn(phone) : null,
          passwordHash,
          role: 'user',
          country,
        });
        return { pair: await this.sessions.start(m, user), userId: user.id };
      });
      // After commit: the opt-in names the account, and a registration never depends on it (R276).
      if (optIn)
        await this.consents.optInSmsFromForm(phone, OPT_IN_SOURCE.registerForm, created.userId);
      return { token: created.pair.access, refresh: created.pair.refresh };
    } catch (err) {
      // Two registrations racing for the same name: the unique index decides.
      const index = uniqueViolation(err);
      if (index === 'uq_app_user_username')
        throw new AccountError(AccountErrorCode.REGISTRATION_INVALID, {
          username: [MESSAGES.usernameTaken],
        });
      if (index === 'uq_app_user_email')
        throw new AccountError(AccountErrorCode.REGISTRATION_INVALID, {
          email: [MESSAGES.emailTaken],
        });
      throw err;
    }
  }

  private async takenFields(
    username: string,
    email: string,
  ): Promise<Record<string, string[]> | null> {
    const since = new Date(this.clock.now().getTime() - ERASED_USERNAME_HOLD_MS);
    const { username: byName, email: byEmail } = await this.users.taken(
      username,
      email,
      since,
      erasedUsernameHash(username),
    );
    if (!byName && !byEmail) return null;
    return {
      ...(byName ? { username: [MESSAGES.usernameTaken] } : {}),
      ...(byEmail ? { email: [MESSAGES.emailTaken] } : {}),
    };
  }
}
