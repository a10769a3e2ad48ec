import { Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'crypto';
import { ARGON2_OPTIONS } from '../account.constants';

const OPTIONS: argon2.HashOptions = { type: argon2.argon2id, ...ARGON2_OPTIONS };

/**
 * argon2id password hashing (docs/PRODUCT-RULES.md "Accounts"). `verifyNobody` spends the same work as a real check, so a
 * login for an unknown e-mail takes as long as one with a wrong password (no account enumeration
 * by timing). Passwords and hashes are never logged.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: Promise<string> | undefined;

  /** Makes the throw-away hash at boot, so the first unknown-e-mail login is not slower than the rest. */
  async onModuleInit(): Promise<void> {
    this.dummyHash ??= this.hash(randomBytes(24).toString('base64'));
    await this.dummyHash;
  }

  /** argon2id hash (PHC string) of `password`. */
  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /** True when `password` matches `hash`; false for a wrong password or an unreadable hash. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Verifies `password` against a throw-away hash and returns false (unknown account). */
  async verifyNobody(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(24).toString('base64'));
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** True when `hash` was made with other parameters than today's (upgrade it at the next login). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, OPTIONS);
    } catch {
      return false;
    }
  }
}
