import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfitChart } from './ProfitChart';

/**
 * The y-axis labels of the profit chart lie fully inside the SVG (a profitable tipster's "+10.65"
 * keeps its "+"), and the chart takes its card's width. Label widths are estimated generously
 * (0.62 em a character), as jsdom has no text layout.
 */
const estimate = (text: string, fontPx: number) => text.length * fontPx * 0.62;

/** Horizontal extent of a <text> from its x, text-anchor and estimated width. */
const extent = (text: SVGTextElement): [number, number] => {
  const x = Number(text.getAttribute('x'));
  const width = estimate(
    text.textContent ?? '',
    Number(text.getAttribute('font-size') ?? text.getAttribute('fontSize') ?? 10),
  );
  const anchor = text.getAttribute('text-anchor') ?? 'start';
  if (anchor === 'end') return [x - width, x];
  if (anchor === 'middle') return [x - width / 2, x + width / 2];
  return [x, x + width];
};

const series = (values: number[]) =>
  values.map((profit, index) => ({
    date: `2026-05-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
    profit,
  }));

const yLabels = (svg: SVGSVGElement) =>
  [...svg.querySelectorAll('text')].filter((text) =>
    /^[+-]?\d+\.\d\d$/.test(text.textContent ?? ''),
  );

describe('ProfitChart y-axis labels', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['a profitable tipster', [2.5, 6.1, 10.65], ['+10.65', '0.00']],
    ['a losing tipster', [-1, -2, -123.45], ['0.00', '-123.45']],
    ['both ways', [1234.5, -99.99], ['+1234.50', '-99.99']],
  ])('draws every label of %s fully inside the chart, left of the plot', (_name, values, texts) => {
    const { container } = render(<ProfitChart points={series(values)} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    const width = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const labels = yLabels(svg);
    expect(labels.map((label) => label.textContent)).toEqual(texts);
    const plotLeft = Number(svg.querySelector('line')?.getAttribute('x1'));
    for (const label of labels) {
      const [left, right] = extent(label);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(width);
      expect(right).toBeLessThanOrEqual(plotLeft);
    }
  });

  it('is as wide as its card', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 912,
      height: 0,
    } as DOMRect);
    const { container } = render(<ProfitChart points={series([1, 2, 3])} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toBe('0 0 912 160');
    expect(svg.getAttribute('width')).toBe('100%');
    expect(svg.style.maxWidth).toBe('');
  });

  it("says in its label how many slips the tipster settled, which may be more than the curve's points", () => {
    const { getByRole } = render(<ProfitChart points={series([-1, 1.5])} settled={150} />);
    expect(
      getByRole('img', { name: /^Profit over time: \+1\.50 units after 150 settled tips/ }),
    ).toBeInTheDocument();
  });
});
