import { jsonDocument } from './json-document';

async function* rows(n: number): AsyncGenerator<{ id: number }> {
  for (let i = 1; i <= n; i++) yield { id: i };
}

const text = async (g: AsyncGenerator<string>): Promise<string> => {
  let s = '';
  for await (const c of g) s += c;
  return s;
};

describe('jsonDocument', () => {
  it('writes values and streamed rows as one JSON object', async () => {
    const doc = JSON.parse(
      await text(
        jsonDocument([
          { name: 'format', value: 'x/1' },
          { name: 'empty', rows: rows(0) },
          { name: 'many', rows: rows(250) },
          { name: 'none', value: undefined },
        ]),
      ),
    );
    expect(doc.format).toBe('x/1');
    expect(doc.empty).toEqual([]);
    expect(doc.many).toHaveLength(250);
    expect(doc.many[249]).toEqual({ id: 250 });
    expect(doc.none).toBeNull();
  });
});
