/**
 * One section of an export document: a single value, or rows streamed one at a time
 * (docs/PRODUCT-RULES.md R260).
 */
export type DocumentPart =
  { name: string; value: unknown } | { name: string; rows: AsyncIterable<unknown> };

/** Rows written per chunk of text. */
const ROWS_PER_CHUNK = 100;

/**
 * Text chunks of one JSON object whose members are `parts`, in order: a value member as it is, a
 * rows member as an array written as its rows are read (at most ROWS_PER_CHUNK rows of text held
 * at a time), so an export never holds a whole section in memory.
 */
export async function* jsonDocument(parts: DocumentPart[]): AsyncGenerator<string> {
  yield '{';
  let first = true;
  for (const part of parts) {
    const key = (first ? '' : ',') + JSON.stringify(part.name) + ':';
    first = false;
    if ('value' in part) {
      yield key + JSON.stringify(part.value ?? null);
      continue;
    }
    let chunk = key + '[';
    let n = 0;
    for await (const row of part.rows) {
      chunk += (n ? ',' : '') + JSON.stringify(row);
      if (++n % ROWS_PER_CHUNK === 0) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + ']';
  }
  yield '}';
}
