import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { slipLeaf } from './domain/log-leaf';
import {
  consistencyProofRanges,
  inclusionProofRanges,
  leafHash,
  LeafRange,
  nodeKey,
  rangeHash,
  rangeNodes,
} from './domain/merkle';
import { countParam, TransparencyError, TransparencyErrorCode } from './transparency.errors';
import { LogLeafRow, TransparencyLogRepository, TreeHeadRow } from './transparency-log.repository';

/** Leaves served per GET /api/log/leaves at most. */
export const MAX_LEAVES_PER_PAGE = 1000;

/** A tree head as the API shows it (base64 hashes and token, ISO times). */
export interface TreeHeadView {
  tree_size: number;
  root_hash: string;
  checkpoint: string;
  signed_at: string;
  timestamp: { token: string; gen_time: string | null; tsa_url: string | null } | null;
}

/** GET /api/log/proof/inclusion. */
export interface InclusionProofView {
  leaf_index: number;
  tree_size: number;
  slip_id: number;
  leaf: string;
  leaf_hash: string;
  hashes: string[];
  tree_head: TreeHeadView | null;
}

/** The API shape of a stored tree head. */
export const treeHeadView = (h: TreeHeadRow): TreeHeadView => ({
  tree_size: h.size,
  root_hash: h.root.toString('base64'),
  checkpoint: h.checkpoint,
  signed_at: h.createdAt.toISOString(),
  timestamp: h.token
    ? {
        token: h.token.toString('base64'),
        gen_time: h.timestampedAt ? h.timestampedAt.toISOString() : null,
        tsa_url: h.tsaUrl,
      }
    : null,
});

const bad = (message: string) => new TransparencyError(TransparencyErrorCode.BAD_QUERY, message);
const missing = (message: string) =>
  new TransparencyError(TransparencyErrorCode.NOT_FOUND, message);

/**
 * The transparency log (docs/PRODUCT-RULES.md "Transparency log"): appends slip commitments in
 * the publishing transaction, and answers the public reads — leaves, tree heads, inclusion and
 * consistency proofs (RFC 6962 / RFC 9162) — from the stored node hashes. Query parameters
 * arrive as text and are checked here: a bad one is a 400 naming it, never a 500.
 */
@Injectable()
export class TransparencyLogService {
  constructor(private readonly repo: TransparencyLogRepository) {}

  /**
   * Appends the commitments of `slips` (in this order) to the log inside `em`'s transaction; the
   * log stays locked until it commits. Returns the first leaf index given.
   * @throws Error for a commitment that is not 64 hex characters or a slip already in the log.
   */
  appendSlips(
    em: EntityManager,
    slips: readonly { slipId: number; commitment: string }[],
  ): Promise<number> {
    return this.repo.append(
      em,
      slips.map((s) => ({ slipId: s.slipId, leaf: slipLeaf(s.slipId, s.commitment) })),
    );
  }

  /** Locks the log until `em`'s transaction ends (before reading what to append in order). */
  async lock(em: EntityManager): Promise<void> {
    await this.repo.lock(em);
  }

  /** The newest tree head. @throws TransparencyError NOT_FOUND before the first one is signed. */
  async latestHead(): Promise<TreeHeadView> {
    const head = await this.repo.latestHead();
    if (!head) throw missing('No tree head has been signed yet; one is signed every minute');
    return treeHeadView(head);
  }

  /** The tree head of `?size=`, or the newest without it. @throws TransparencyError BAD_QUERY / NOT_FOUND. */
  async head(sizeRaw?: unknown): Promise<TreeHeadView> {
    const size = countParam('size', sizeRaw);
    if (size === undefined) return this.latestHead();
    const head = await this.repo.headAt(size);
    if (!head) throw missing(`No tree head of size ${size}`);
    return treeHeadView(head);
  }

  /** Sizes of stored tree heads, newest first (at most 100, below `?before=`). */
  async headSizes(beforeRaw?: unknown): Promise<number[]> {
    return this.repo.headSizes(100, countParam('before', beforeRaw));
  }

  /**
   * Entries [start, end) (`end` cut to start + MAX_LEAVES_PER_PAGE and to the log's size).
   * @throws TransparencyError BAD_QUERY unless 0 <= start < end and start is below the log's size.
   */
  async leaves(
    startRaw: unknown,
    endRaw: unknown,
  ): Promise<{
    start: number;
    end: number;
    leaves: { index: number; slip_id: number; leaf: string }[];
  }> {
    const start = countParam('start', startRaw, true);
    const end = countParam('end', endRaw, true);
    if (end <= start) throw bad('end must be above start');
    const size = await this.repo.size();
    if (start >= size) throw bad(`start must be below the log's size (${size})`);
    const to = Math.min(end, size, start + MAX_LEAVES_PER_PAGE);
    const rows = await this.repo.leaves(start, to);
    return {
      start,
      end: to,
      leaves: rows.map((r) => ({ index: r.index, slip_id: r.slipId, leaf: r.leaf })),
    };
  }

  /**
   * The inclusion proof of leaf `?index=` or of slip `?slip=` in the tree of `?size=` leaves, with
   * that size's tree head when one is stored. Without `size`: against the first signed tree head
   * that contains the leaf (the earliest one time-stamped), whose timestamp is the earliest proof
   * of when the entry existed; auditors check that head's consistency with the newest.
   * @throws TransparencyError BAD_QUERY for bad or missing parameters, an index not below size or
   *   a size above the log's; NOT_FOUND for a slip or leaf not in the log, or not yet under a head.
   */
  async inclusion(q: {
    index?: unknown;
    slip?: unknown;
    size?: unknown;
  }): Promise<InclusionProofView> {
    const index = countParam('index', q.index);
    const slip = countParam('slip', q.slip);
    if ((index === undefined) === (slip === undefined)) throw bad('give either index or slip');
    let size = countParam('size', q.size);
    const logSize = await this.repo.size();
    if (size !== undefined && size > logSize)
      throw bad(`size must be at most the log's size (${logSize})`);
    let leaf: LogLeafRow | undefined;
    if (slip !== undefined) {
      leaf = (await this.repo.leafOfSlip(slip)) ?? undefined;
      if (!leaf) throw missing(`Slip ${slip} is not in the log`);
    } else {
      if (size !== undefined && index! >= size) throw bad(`index must be below size (${size})`);
      if (index! >= logSize) throw bad(`index must be below the log's size (${logSize})`);
      [leaf] = await this.repo.leaves(index!, index! + 1);
      if (!leaf) throw missing(`Leaf ${index} is missing from the log`);
    }
    let head: TreeHeadRow | null;
    if (size === undefined) {
      head = await this.repo.firstHeadCovering(leaf.index);
      if (!head)
        throw missing(
          `Leaf ${leaf.index} is not yet under a signed tree head; one is signed every minute`,
        );
      size = head.size;
    } else {
      if (leaf.index >= size)
        throw bad(`index must be below size (${size}); slip ${leaf.slipId} is leaf ${leaf.index}`);
      head = await this.repo.headAt(size);
    }
    return {
      leaf_index: leaf.index,
      tree_size: size,
      slip_id: leaf.slipId,
      leaf: leaf.leaf,
      leaf_hash: leafHash(Buffer.from(leaf.leaf, 'utf8')).toString('base64'),
      hashes: await this.rangeHashes(inclusionProofRanges(leaf.index, size)),
      tree_head: head ? treeHeadView(head) : null,
    };
  }

  /**
   * The consistency proof between the trees of `?first=` and `?second=` leaves.
   * @throws TransparencyError BAD_QUERY unless 0 <= first <= second <= the log's size.
   */
  async consistency(
    firstRaw: unknown,
    secondRaw: unknown,
  ): Promise<{ first: number; second: number; hashes: string[] }> {
    const first = countParam('first', firstRaw, true);
    const second = countParam('second', secondRaw, true);
    if (first > second) throw bad('first must not be above second');
    const size = await this.repo.size();
    if (second > size) throw bad(`second must be at most the log's size (${size})`);
    return { first, second, hashes: await this.rangeHashes(consistencyProofRanges(first, second)) };
  }

  private async rangeHashes(ranges: LeafRange[]): Promise<string[]> {
    const nodes = await this.repo.nodes(ranges.flatMap(([s, e]) => rangeNodes(s, e)));
    return ranges.map(([s, e]) => rangeHash(s, e, (n) => nodes.get(nodeKey(n))).toString('base64'));
  }
}
