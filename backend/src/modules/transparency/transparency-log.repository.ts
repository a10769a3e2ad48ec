import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { appendNodes, leafHash, NodeId, nodeKey, rangeNodes } from './domain/merkle';

/** One stored log entry. */
export interface LogLeafRow {
  index: number;
  slipId: number;
  leaf: string;
}

/** One stored tree head: size, root, signed checkpoint and its RFC 3161 token (null until the TSA answered). */
export interface TreeHeadRow {
  size: number;
  root: Buffer;
  checkpoint: string;
  token: Buffer | null;
  timestampedAt: Date | null;
  tsaUrl: string | null;
  createdAt: Date;
}

/** Leaves (and their node hashes) written per INSERT when many are appended at once. */
const APPEND_CHUNK = 2000;

const headRow = (r: Record<string, unknown>): TreeHeadRow => ({
  size: Number(r.tree_size),
  root: r.root_hash as Buffer,
  checkpoint: r.checkpoint as string,
  token: (r.timestamp_token as Buffer | null) ?? null,
  timestampedAt: (r.timestamped_at as Date | null) ?? null,
  tsaUrl: (r.tsa_url as string | null) ?? null,
  createdAt: r.created_at as Date,
});

/**
 * The transparency module's SQL (docs/ARCHITECTURE.md "Table ownership": `transparency_log`,
 * `transparency_leaf`, `transparency_node`, `transparency_tree_head`). Appends run in the
 * caller's transaction and lock the `transparency_log` row first: concurrent appenders, in any
 * process, wait for each other's commit, so indexes follow commit order with no gap.
 */
@Injectable()
export class TransparencyLogRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Locks the log until `em`'s transaction ends and returns its size. */
  async lock(em: EntityManager): Promise<number> {
    const [row] = await em.query(`SELECT size FROM transparency_log WHERE id = 1 FOR UPDATE`);
    return Number(row.size);
  }

  /**
   * Appends `entries` (slip id and leaf text) in order inside `em`'s transaction: locks the log
   * and reserves the next indexes (one statement), reads the old tree's frontier, and writes the
   * leaves with the node hashes they complete (one statement per APPEND_CHUNK leaves).
   * Returns the first index given. @throws on a slip already logged (unique slip_id).
   */
  async append(
    em: EntityManager,
    entries: readonly { slipId: number; leaf: string }[],
  ): Promise<number> {
    if (!entries.length) return this.lock(em);
    // Locks the row and reserves the indexes in one statement; a rollback gives them back.
    const [[row]] = (await em.query(
      `UPDATE transparency_log SET size = size + $1 WHERE id = 1 RETURNING size - $1 AS first`,
      [entries.length],
    )) as [{ first: string }[], number];
    const first = Number(row.first);
    let size = first;
    for (let at = 0; at < entries.length; at += APPEND_CHUNK) {
      const chunk = entries.slice(at, at + APPEND_CHUNK);
      const frontier = await this.nodes(rangeNodes(0, size), em);
      const nodes = appendNodes(
        size,
        chunk.map((e) => leafHash(Buffer.from(e.leaf, 'utf8'))),
        (n) => frontier.get(nodeKey(n)),
      );
      await em.query(
        `WITH leaves AS (
           INSERT INTO transparency_leaf (leaf_index, slip_id, leaf) SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[])
         )
         INSERT INTO transparency_node (level, node_index, hash) SELECT * FROM unnest($4::smallint[], $5::bigint[], $6::bytea[])`,
        [
          chunk.map((_, i) => size + i),
          chunk.map((e) => e.slipId),
          chunk.map((e) => e.leaf),
          nodes.map((n) => n.node.level),
          nodes.map((n) => n.node.index),
          nodes.map((n) => n.hash),
        ],
      );
      size += chunk.length;
    }
    return first;
  }

  /** The log's size (committed appends). */
  async size(): Promise<number> {
    const [row] = await this.ds.query(`SELECT size FROM transparency_log WHERE id = 1`);
    return Number(row.size);
  }

  /** Stored hashes of `ids` by nodeKey; a node not stored is absent. */
  async nodes(
    ids: readonly NodeId[],
    em: EntityManager = this.ds.manager,
  ): Promise<Map<string, Buffer>> {
    if (!ids.length) return new Map();
    const rows: { level: number; node_index: string; hash: Buffer }[] = await em.query(
      `SELECT n.level, n.node_index, n.hash FROM transparency_node n
         JOIN unnest($1::smallint[], $2::bigint[]) AS w(level, node_index) ON n.level = w.level AND n.node_index = w.node_index`,
      [ids.map((n) => n.level), ids.map((n) => n.index)],
    );
    return new Map(
      rows.map((r) => [nodeKey({ level: r.level, index: Number(r.node_index) }), r.hash]),
    );
  }

  /** Entries [start, end) in index order (those stored). */
  async leaves(start: number, end: number): Promise<LogLeafRow[]> {
    const rows: { leaf_index: string; slip_id: number; leaf: string }[] = await this.ds.query(
      `SELECT leaf_index, slip_id, leaf FROM transparency_leaf WHERE leaf_index >= $1 AND leaf_index < $2 ORDER BY leaf_index`,
      [start, end],
    );
    return rows.map((r) => ({ index: Number(r.leaf_index), slipId: r.slip_id, leaf: r.leaf }));
  }

  /** The entry of slip `slipId`, or null when it is not in the log. */
  async leafOfSlip(slipId: number): Promise<LogLeafRow | null> {
    const [r] = await this.ds.query(
      `SELECT leaf_index, slip_id, leaf FROM transparency_leaf WHERE slip_id = $1`,
      [slipId],
    );
    return r ? { index: Number(r.leaf_index), slipId: r.slip_id, leaf: r.leaf } : null;
  }

  /** The newest tree head (largest size), or null before the first one. */
  async latestHead(): Promise<TreeHeadRow | null> {
    const [r] = await this.ds.query(
      `SELECT * FROM transparency_tree_head ORDER BY tree_size DESC LIMIT 1`,
    );
    return r ? headRow(r) : null;
  }

  /** The tree head of `size` leaves, or null. */
  async headAt(size: number): Promise<TreeHeadRow | null> {
    const [r] = await this.ds.query(`SELECT * FROM transparency_tree_head WHERE tree_size = $1`, [
      size,
    ]);
    return r ? headRow(r) : null;
  }

  /**
   * The first tree head that contains leaf `index` (size above it): the earliest with an RFC 3161
   * token, else the earliest of all; null when no head contains it yet.
   */
  async firstHeadCovering(index: number): Promise<TreeHeadRow | null> {
    const [r] = await this.ds.query(
      `SELECT * FROM transparency_tree_head WHERE tree_size > $1 ORDER BY timestamp_token IS NULL, tree_size LIMIT 1`,
      [index],
    );
    return r ? headRow(r) : null;
  }

  /** Sizes of the stored tree heads, newest first, at most `limit`, below `before` when given. */
  async headSizes(limit: number, before?: number): Promise<number[]> {
    const rows: { tree_size: string }[] = await this.ds.query(
      `SELECT tree_size FROM transparency_tree_head WHERE $1::bigint IS NULL OR tree_size < $1 ORDER BY tree_size DESC LIMIT $2`,
      [before ?? null, limit],
    );
    return rows.map((r) => Number(r.tree_size));
  }

  /** Stores a signed tree head; a head of that size already stored is kept (returns false). */
  async insertHead(size: number, root: Buffer, checkpoint: string): Promise<boolean> {
    const rows = await this.ds.query(
      `INSERT INTO transparency_tree_head (tree_size, root_hash, checkpoint) VALUES ($1, $2, $3) ON CONFLICT (tree_size) DO NOTHING RETURNING tree_size`,
      [size, root, checkpoint],
    );
    return rows.length > 0;
  }

  /** Tree heads still waiting for their RFC 3161 token, newest first, at most `limit`. */
  async headsWithoutToken(limit: number): Promise<TreeHeadRow[]> {
    const rows = await this.ds.query(
      `SELECT * FROM transparency_tree_head WHERE timestamp_token IS NULL ORDER BY tree_size DESC LIMIT $1`,
      [limit],
    );
    return rows.map(headRow);
  }

  /** Stores the token of tree head `size` unless it has one. */
  async setToken(size: number, token: Buffer, at: Date, tsaUrl: string): Promise<void> {
    await this.ds.query(
      `UPDATE transparency_tree_head SET timestamp_token = $2, timestamped_at = $3, tsa_url = $4 WHERE tree_size = $1 AND timestamp_token IS NULL`,
      [size, token, at, tsaUrl],
    );
  }
}
