/**
 * The entry the transparency log keeps for a slip (docs/PRODUCT-RULES.md "Transparency log"):
 * the UTF-8 text `v1|slip:<slip id>|commitment:<64 hex>`, hashed as an RFC 6962 leaf. The
 * commitment is the slip's SHA-256 commitment made at publishing, so the leaf binds the log to
 * the picks without revealing them. Pure; the /verify page rebuilds the same text.
 */

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The leaf text of slip `slipId` with commitment `commitment`.
 * @throws Error when the slip id is not a positive integer or the commitment not 64 lowercase hex characters.
 */
export const slipLeaf = (slipId: number, commitment: string): string => {
  if (!Number.isSafeInteger(slipId) || slipId <= 0)
    throw new Error('slip id must be a positive integer');
  if (!HEX64.test(commitment)) throw new Error('commitment must be 64 lowercase hex characters');
  return `v1|slip:${slipId}|commitment:${commitment}`;
};

/** The slip id and commitment in a leaf text, or null when it is not one. */
export const parseSlipLeaf = (leaf: string): { slipId: number; commitment: string } | null => {
  const m = /^v1\|slip:([1-9]\d{0,15})\|commitment:([0-9a-f]{64})$/.exec(leaf);
  return m ? { slipId: Number(m[1]), commitment: m[2] } : null;
};
