import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { AVATAR_URL_PATH, USERNAME_PATTERN } from './account.constants';
import { AccountError, AccountErrorCode } from './account.errors';
import {
  avatarUrl,
  OwnProfileResponse,
  PublicProfileResponse,
  toOwnProfile,
  toPublicProfile,
} from './account.mapper';
import { AccountRepository } from './account.repository';
import { toAvatarWebp } from './avatar/avatar-image';
import { AVATAR_STORE, AvatarStore } from './avatar/avatar-storage';
import { UserDetailsDto } from './dto/user-details.dto';
import { User } from './entities/user.entity';
import { ProfileProviders } from './profile-providers';

/**
 * Profiles, account details and avatars (docs/PRODUCT-RULES.md "Accounts", R117, R141).
 */
@Injectable()
export class AccountProfileService {
  private readonly logger = new Logger(AccountProfileService.name);
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly providers: ProfileProviders,
    @Inject(AVATAR_STORE) private readonly store: AvatarStore,
    private readonly config: AppConfig,
  ) {}

  /** Absolute URL of a user's avatar, or null (served by GET /media/avatars/{file}). */
  imageUrl(user: Pick<User, 'avatarFile'>): string | null {
    return avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, user.avatarFile);
  }

  /**
   * The caller's own profile (GET /api/account/profile) with e-mail, phone and their own slips.
   * @throws AuthError TOKEN_INVALID (401) for a deleted account; AccountError ACCOUNT_BANNED (403).
   */
  async ownProfile(userId: number): Promise<OwnProfileResponse> {
    // Two statements: the user row with its phone's subscription (the subscription module's SQL), then the figures and lists.
    const { user, flag: subscribed } = await this.users.loadActiveWithFlag(
      userId,
      this.providers.subscription.subscribedSql('u.msisdn'),
    );
    const { stats, slips } = await this.providers.stats.profile(user.id, { owner: true });
    return toOwnProfile(user, { stats, slips, subscribed, imageUrl: this.imageUrl(user) });
  }

  /**
   * Anyone's public profile by username, ignoring case (GET /api/account/profile/{username}):
   * no e-mail, no phone; `subscribed` is not disclosed (always false).
   * @throws AccountError USER_NOT_FOUND (404).
   */
  async publicProfile(username: string): Promise<PublicProfileResponse> {
    if (!USERNAME_PATTERN.test(username)) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
    const user = await this.users.byUsername(username);
    if (!user) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
    const { stats, slips } = await this.providers.stats.profile(user.id, { owner: false });
    return toPublicProfile(user, {
      stats,
      slips,
      subscribed: false,
      imageUrl: this.imageUrl(user),
    });
  }

  /**
   * Sets name and/or city (POST /api/account/user/details); an omitted field stays as it is.
   * @throws as loadActiveUser.
   */
  async updateDetails(
    userId: number,
    dto: UserDetailsDto,
  ): Promise<{ message: string; first_name: string; city: string }> {
    return this.tx.run(async (m) => {
      const user = await this.users.loadActive(userId, { lock: true }, m);
      const name = dto.name ?? user.name;
      const city = dto.city ?? user.city;
      await this.users.update(m, user.id, { name, city });
      return { message: 'Saved', first_name: name, city };
    });
  }

  /**
   * Replaces the caller's avatar with `upload` re-encoded as a 256×256 WebP; removes the old file.
   * @throws AccountError AVATAR_NOT_IMAGE (400); STORAGE_UNAVAILABLE (503) when the store refuses the file; as loadActiveUser.
   */
  async setAvatar(
    userId: number,
    upload: Buffer,
  ): Promise<{ message: string; profile_image_url: string | null }> {
    await this.users.loadActive(userId);
    const webp = await toAvatarWebp(upload);
    const file = await this.store.put(webp).catch((err: Error) => {
      this.logger.error({ err: err.message }, 'avatar store refused the upload');
      throw new AccountError(AccountErrorCode.STORAGE_UNAVAILABLE);
    });
    let previous: string | null;
    try {
      previous = await this.tx.run(async (m) => {
        const user = await this.users.loadActive(userId, { lock: true }, m);
        await this.users.update(m, user.id, { avatarFile: file });
        return user.avatarFile;
      });
    } catch (err) {
      await this.store.remove(file);
      throw err;
    }
    if (previous && previous !== file) await this.store.remove(previous);
    return { message: 'Saved', profile_image_url: this.imageUrl({ avatarFile: file }) };
  }

  /**
   * A stored avatar for GET /media/avatars/{file}.
   * @throws AccountError MEDIA_NOT_FOUND (404); STORAGE_UNAVAILABLE (503) when the store fails.
   */
  async openAvatar(file: string): Promise<{ stream: NodeJS.ReadableStream; size: number }> {
    const found = await this.store.open(file).catch((err: Error) => {
      this.logger.error({ file, err: err.message }, 'avatar store failed to read');
      throw new AccountError(AccountErrorCode.STORAGE_UNAVAILABLE);
    });
    if (!found) throw new AccountError(AccountErrorCode.MEDIA_NOT_FOUND);
    return found;
  }
}
