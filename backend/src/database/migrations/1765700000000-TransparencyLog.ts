import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transparency log (docs/PRODUCT-RULES.md "Transparency log"; table ownership: transparency):
 * - `transparency_log`: one row holding the log's size; appends lock it, so leaf indexes are
 *   assigned once, in commit order, with no gap, however many processes publish.
 * - `transparency_leaf`: entry `leaf_index` (0, 1, …), the slip it logs and the leaf's text.
 * - `transparency_node`: the hash of every completed perfect subtree (level 0 = leaf hashes), so
 *   roots and proofs read O(log n) rows.
 * - `transparency_tree_head`: each signed checkpoint with its RFC 3161 token.
 * Slips committed before this migration are appended by the slip module at boot, oldest first.
 */
export class TransparencyLog1765700000000 implements MigrationInterface {
  name = 'TransparencyLog1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE transparency_log (id smallint PRIMARY KEY CHECK (id = 1), size bigint NOT NULL CHECK (size >= 0))`);
    await q.query(`INSERT INTO transparency_log (id, size) VALUES (1, 0)`);
    await q.query(`
      CREATE TABLE transparency_leaf (
        leaf_index bigint PRIMARY KEY CHECK (leaf_index >= 0),
        slip_id integer NOT NULL UNIQUE,
        leaf text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE transparency_node (
        level smallint NOT NULL CHECK (level >= 0),
        node_index bigint NOT NULL CHECK (node_index >= 0),
        hash bytea NOT NULL CHECK (octet_length(hash) = 32),
        PRIMARY KEY (level, node_index)
      )`);
    await q.query(`
      CREATE TABLE transparency_tree_head (
        tree_size bigint PRIMARY KEY CHECK (tree_size >= 0),
        root_hash bytea NOT NULL CHECK (octet_length(root_hash) = 32),
        checkpoint text NOT NULL,
        timestamp_token bytea,
        timestamped_at timestamptz,
        tsa_url text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transparency_tree_head, transparency_node, transparency_leaf, transparency_log`);
  }
}
