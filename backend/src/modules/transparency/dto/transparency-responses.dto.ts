import { ApiProperty } from '@nestjs/swagger';

/**
 * OpenAPI shapes of the transparency log's routes (docs/PRODUCT-RULES.md "Transparency log").
 * Documentation only: TransparencyLogService and TreeHeadService build the answers. Hashes,
 * keys and tokens are standard base64.
 */

/** The RFC 3161 time-stamp of a tree head. */
export class TreeHeadTimestampDto {
  @ApiProperty({
    description:
      'RFC 3161 TimeStampToken (DER CMS ContentInfo), base64; its message imprint is SHA-256 of `checkpoint`',
  })
  token: string;
  @ApiProperty({ nullable: true, type: String, description: "The TSA's genTime, ISO UTC" })
  gen_time: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The TSA that issued the token' })
  tsa_url: string | null;
}

/** A signed tree head. */
export class TreeHeadDto {
  @ApiProperty({ example: 1234 }) tree_size: number;
  @ApiProperty({ description: 'RFC 6962 root hash of the first tree_size leaves, base64' })
  root_hash: string;
  @ApiProperty({
    description:
      'C2SP checkpoint as a signed note: origin, tree size and base64 root lines, a blank line, then "— <origin> <base64(key id || Ed25519 signature)>"',
    example:
      'localhost/tipske-log\n1234\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n\n— localhost/tipske-log zGMRXM…\n',
  })
  checkpoint: string;
  @ApiProperty({ description: 'When the head was signed, ISO UTC' }) signed_at: string;
  @ApiProperty({
    type: TreeHeadTimestampDto,
    nullable: true,
    description: 'null until the TSA has answered (the next run tries again)',
  })
  timestamp: TreeHeadTimestampDto | null;
}

/** GET /api/log/tree-heads. */
export class TreeHeadSizesDto {
  @ApiProperty({
    type: [Number],
    description: 'Sizes of the stored tree heads, newest first, at most 100',
  })
  sizes: number[];
}

/** GET /api/log/public-key. */
export class LogPublicKeyDto {
  @ApiProperty({
    example: 'localhost/tipske-log',
    description: "The checkpoints' origin line and the signature's key name",
  })
  origin: string;
  @ApiProperty({ enum: ['Ed25519'] }) algorithm: 'Ed25519';
  @ApiProperty({
    example: 'cc63115c',
    description: 'Key id: the first 4 bytes of SHA-256(origin || "\\n" || 0x01 || public key), hex',
  })
  key_id: string;
  @ApiProperty({ description: 'The raw 32-byte Ed25519 public key, base64' }) public_key: string;
  @ApiProperty({
    description: "Verifier key in Go's note format, <origin>+<key id>+<base64(0x01 || public key)>",
  })
  verifier_key: string;
}

/** One log entry. */
export class LogLeafDto {
  @ApiProperty({ example: 0 }) index: number;
  @ApiProperty({ example: 4521 }) slip_id: number;
  @ApiProperty({
    example: 'v1|slip:4521|commitment:3f1c…',
    description: "The leaf: v1|slip:<slip id>|commitment:<the slip's SHA-256 commitment, 64 hex>",
  })
  leaf: string;
}

/** GET /api/log/leaves. */
export class LogLeavesDto {
  @ApiProperty() start: number;
  @ApiProperty({
    description: 'End (exclusive) of the leaves answered: at most start + 1000 and the log size',
  })
  end: number;
  @ApiProperty({ type: [LogLeafDto] }) leaves: LogLeafDto[];
}

/** GET /api/log/proof/inclusion. */
export class InclusionProofDto {
  @ApiProperty() leaf_index: number;
  @ApiProperty() tree_size: number;
  @ApiProperty() slip_id: number;
  @ApiProperty() leaf: string;
  @ApiProperty({ description: 'SHA-256(0x00 || leaf), base64' }) leaf_hash: string;
  @ApiProperty({ type: [String], description: 'RFC 6962 audit path, leaf to root, base64' })
  hashes: string[];
  @ApiProperty({
    type: TreeHeadDto,
    nullable: true,
    description:
      'The signed tree head of tree_size, when one is stored (always without ?size=: the first head containing the leaf)',
  })
  tree_head: TreeHeadDto | null;
}

/** GET /api/log/proof/consistency. */
export class ConsistencyProofDto {
  @ApiProperty() first: number;
  @ApiProperty() second: number;
  @ApiProperty({
    type: [String],
    description: 'RFC 6962 consistency proof, base64 (empty when first is 0 or equals second)',
  })
  hashes: string[];
}
