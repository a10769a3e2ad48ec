/**
 * Shapes shared by every module's part of a personal-data export (docs/PRODUCT-RULES.md R260;
 * docs/ARCHITECTURE.md "Personal data").
 */

/** One row of a personal-data section; sections are read in keyset pages ordered by `id` (text). */
export type DataRow = { id: string } & Record<string, unknown>;

/** Who a person's rows are found by: phones (international digits, 2547XXXXXXXX) and e-mails (lower case). */
export interface PersonKeys {
  phones: string[];
  emails: string[];
}

/** Reads one page of at most `limit` rows after the row `after` (null: from the start). */
export type PageReader = (after: string | null, limit: number) => Promise<DataRow[]>;

/** Rows read per keyset page by an export: it holds at most one page of a section in memory (docs/PERFORMANCE.md). */
export const DATA_PAGE_SIZE = 500;

/** Every row of a keyset-paged section, one page at a time. */
export async function* pagedRows(
  read: PageReader,
  pageSize = DATA_PAGE_SIZE,
): AsyncGenerator<DataRow> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}
