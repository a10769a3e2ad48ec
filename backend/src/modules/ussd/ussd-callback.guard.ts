import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  Logger,
} from '@nestjs/common';
import { BlockList, isIP } from 'net';
import { sameSecret } from '../../common/security/same-secret';
import { AppConfig } from '../../config/app-config';

/** '::ffff:10.0.0.1' → '10.0.0.1' (an IPv4 client seen on an IPv6 socket). */
const plainIp = (ip: string): string =>
  ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;

/** A BlockList of IPs and CIDRs (entries already checked by the env validation). */
export const ipAllowlist = (entries: string[]): BlockList => {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
};

/**
 * Authenticates Africa's Talking's USSD requests the ways AT allows (docs/PROVIDERS.md "Africa's
 * Talking USSD"; docs/PRODUCT-RULES.md R170): the `key` query parameter equal to
 * USSD_CALLBACK_KEY (compared in constant time) when a key is set, and the client address in
 * USSD_ALLOWED_IPS when a list is set. The address is `request.ip`: the socket's, or the one a
 * TRUST_PROXY proxy forwarded, never a raw X-Forwarded-For. A refusal is logged and answered 403.
 */
@Injectable()
export class UssdCallbackGuard implements CanActivate {
  private readonly logger = new Logger(UssdCallbackGuard.name);
  private readonly allowlist: BlockList | null;

  constructor(private readonly config: AppConfig) {
    const ips = config.ussd.allowedIps;
    this.allowlist = ips.length ? ipAllowlist(ips) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context
      .switchToHttp()
      .getRequest<{ ip?: string; query?: Record<string, unknown> }>();
    const ip = plainIp(req.ip ?? '');
    const expected = this.config.ussd.callbackKey;
    const key = req.query?.key;
    const keyOk = expected === null || (typeof key === 'string' && sameSecret(key, expected));
    const family = isIP(ip);
    const ipOk =
      this.allowlist === null ||
      (family !== 0 && this.allowlist.check(ip, family === 6 ? 'ipv6' : 'ipv4'));
    if (keyOk && ipOk) return true;
    this.logger.warn(
      { ip, reason: keyOk ? 'address not allowed' : 'wrong or missing key' },
      'ussd callback refused',
    );
    throw new ForbiddenException('Forbidden');
  }
}
