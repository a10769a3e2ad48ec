import { Injectable, Logger } from '@nestjs/common';
import { readToken } from '../../providers/tsa/rfc3161';
import { TsaClient } from '../../providers/tsa/tsa.client';
import { nodeKey, rangeHash, rangeNodes } from './domain/merkle';
import {
  checkpointText,
  NoteSigner,
  parseSignerKey,
  signNote,
  verifierKey,
} from './domain/signed-note';
import { TransparencyLogRepository } from './transparency-log.repository';

/** Tree heads still without a token that one run asks the TSA about, newest first. */
const TIMESTAMPS_PER_RUN = 5;

/** The log's public key as GET /api/log/public-key shows it. */
export interface PublicKeyView {
  origin: string;
  algorithm: 'Ed25519';
  key_id: string;
  public_key: string;
  verifier_key: string;
}

/**
 * Signed tree heads (docs/PRODUCT-RULES.md "Transparency log"): a run signs a C2SP checkpoint
 * (origin = the key's name, tree size, base64 root) when the log has grown since the newest
 * head, stores it, then asks the RFC 3161 TSA to time-stamp each head still without a token
 * (SHA-256 of the whole signed checkpoint) and stores the token with it. Run by the
 * cluster-wide `sign-tree-head` schedule, never per request. A TSA that fails is tried again
 * on the next run; the head is served meanwhile without a timestamp.
 */
@Injectable()
export class TreeHeadService {
  private readonly logger = new Logger(TreeHeadService.name);
  private readonly signer: NoteSigner;

  /** @throws Error naming LOG_SIGNING_KEY when the key cannot be read. */
  constructor(
    private readonly repo: TransparencyLogRepository,
    private readonly tsa: TsaClient,
    signingKey: string,
  ) {
    try {
      this.signer = parseSignerKey(signingKey);
    } catch (err) {
      throw new Error(`LOG_SIGNING_KEY: ${(err as Error).message}`);
    }
  }

  /** The log's origin and Ed25519 verifier key. */
  publicKey(): PublicKeyView {
    return {
      origin: this.signer.name,
      algorithm: 'Ed25519',
      key_id: this.signer.keyId.toString('hex'),
      public_key: this.signer.publicKey.toString('base64'),
      verifier_key: verifierKey(this.signer),
    };
  }

  /**
   * Signs a tree head of the log's current size if there is none yet, then time-stamps the
   * heads without a token. Returns the size signed (or null) and how many tokens were stored.
   * Never throws for the TSA (logged); throws when the database fails.
   */
  async run(): Promise<{ signed: number | null; timestamped: number }> {
    const size = await this.repo.size();
    const latest = await this.repo.latestHead();
    let signed: number | null = null;
    if (!latest || latest.size < size) {
      const nodes = await this.repo.nodes(rangeNodes(0, size));
      const root = rangeHash(0, size, (n) => nodes.get(nodeKey(n)));
      const note = this.sign(size, root);
      if (await this.repo.insertHead(size, root, note)) signed = size;
    }
    let timestamped = 0;
    for (const head of await this.repo.headsWithoutToken(TIMESTAMPS_PER_RUN)) {
      try {
        const token = await this.tsa.timestamp(Buffer.from(head.checkpoint, 'utf8'));
        await this.repo.setToken(head.size, token, readToken(token).info.genTime, this.tsa.url);
        timestamped++;
      } catch (err) {
        this.logger.warn(
          { err: String(err), size: head.size, tsa: this.tsa.url },
          'tree head not time-stamped; next run tries again',
        );
        break;
      }
    }
    return { signed, timestamped };
  }

  private sign(size: number, root: Buffer): string {
    const text = checkpointText({ origin: this.signer.name, size, root });
    return signNote(text, this.signer);
  }
}
