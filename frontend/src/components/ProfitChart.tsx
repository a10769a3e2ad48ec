import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProfitPoint } from '../api/types';
import { formatProfit } from '../lib/figures';
import { nairobiDate } from '../lib/nairobi-time';

/** Width used until the card has been measured (and in tests without layout), px. */
export const DEFAULT_CHART_WIDTH = 320;
/** Height of the chart, px (the width follows its card). */
export const CHART_HEIGHT = 160;
/** Font size of the axis labels, px. */
export const LABEL_FONT_PX = 11;
/** Space between the SVG's edge and a label, and between the labels and the plot, px. */
const EDGE = 4;
const GAP = 6;
const TOP = 10;
const RIGHT = 8;
/** Room under the plot for the date labels, px. */
const BOTTOM = 20;

/**
 * A label's width in px before the browser can measure it: a generous 0.62 em per character
 * (digits, '+', '-' and '.' are narrower in every sans-serif font), so the first paint never clips.
 */
export const estimateLabelWidth = (text: string, fontPx = LABEL_FONT_PX): number =>
  Math.ceil(text.length * fontPx * 0.62);

/** A y-axis label and where it is drawn: `x` is its left edge (text-anchor start), `y` its baseline. */
export interface AxisLabel {
  text: string;
  x: number;
  y: number;
  width: number;
}

/** Everything the chart draws, in px of an SVG `width` × CHART_HEIGHT. */
export interface ChartLayout {
  width: number;
  /** Left edge of the plot: right of the widest y label. */
  plotLeft: number;
  plotRight: number;
  line: string;
  zeroY: number;
  min: number;
  max: number;
  /** Highest value (top) and lowest (bottom), labelled inside the SVG at its left edge. */
  yLabels: [AxisLabel, AxisLabel];
}

/**
 * The chart's layout for `points` in an SVG `width` px wide: the y labels (max at the top, min at
 * the bottom, signed as formatProfit writes them) start EDGE px inside the left edge, and the plot
 * starts GAP px right of the widest one, so no label is cut off whatever its length. `labelWidth`
 * measures a label (the browser's text length once rendered; an estimate before).
 */
export const chartLayout = (
  points: readonly ProfitPoint[],
  width = DEFAULT_CHART_WIDTH,
  labelWidth: (text: string) => number = estimateLabelWidth,
): ChartLayout => {
  const values = points.map((point) => point.profit);
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const texts = [formatProfit(max), formatProfit(min)] as const;
  const widths = texts.map((text) => labelWidth(text));
  const plotLeft = EDGE + Math.max(...widths) + GAP;
  const plotRight = Math.max(plotLeft + 1, width - RIGHT);
  const plotBottom = CHART_HEIGHT - BOTTOM;
  const innerW = plotRight - plotLeft;
  const innerH = plotBottom - TOP;
  const x = (index: number) =>
    plotLeft + (points.length > 1 ? (index / (points.length - 1)) * innerW : innerW / 2);
  const y = (value: number) => TOP + ((max - value) / span) * innerH;
  const line = points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.profit).toFixed(1)}`,
    )
    .join(' ');
  return {
    width,
    plotLeft,
    plotRight,
    line,
    zeroY: y(0),
    min,
    max,
    yLabels: [
      { text: texts[0], x: EDGE, y: TOP + LABEL_FONT_PX * 0.8, width: widths[0] },
      { text: texts[1], x: EDGE, y: plotBottom, width: widths[1] },
    ],
  };
};

/** The rendered width of `element`, following resizes; `fallback` until measured (or without layout). */
const useWidth = (fallback: number) => {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
};

/**
 * A tipster's cumulative profit over time (units, 1 staked per slip), as a small SVG line chart as
 * wide as its card: no chart library on the public pages. `points` is the server's curve (the
 * profile's figures.profit_series: the latest settled slips, each the all-time cumulative profit,
 * the last equal to the profile's profit) and `settled` the tipster's settled slips; the chart
 * draws them as they are. The y labels sit inside the SVG at its left edge with the plot to their
 * right (chartLayout). Screen readers get a summary in the label.
 */
export const ProfitChart = ({
  points,
  settled = points.length,
}: {
  points: readonly ProfitPoint[];
  settled?: number;
}) => {
  const { ref, width } = useWidth(DEFAULT_CHART_WIDTH);
  const labelRefs = useRef<(SVGTextElement | null)[]>([]);
  const [measured, setMeasured] = useState<Record<string, number>>({});
  const layout = chartLayout(points, width, (text) =>
    Math.max(measured[text] ?? 0, estimateLabelWidth(text)),
  );

  // Once drawn, the browser's own text widths (a wider font than estimated moves the plot right).
  const labelKey = layout.yLabels.map((label) => label.text).join('|');
  useLayoutEffect(() => {
    const next: Record<string, number> = {};
    for (const element of labelRefs.current) {
      if (!element || typeof element.getComputedTextLength !== 'function') continue;
      const length = Math.ceil(element.getComputedTextLength());
      if (length > 0 && element.textContent) next[element.textContent] = length;
    }
    if (Object.entries(next).some(([text, length]) => measured[text] !== length))
      setMeasured((old) => ({ ...old, ...next }));
  }, [labelKey, measured]);

  if (points.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        No settled tips yet.
      </Typography>
    );
  }
  const last = points[points.length - 1];
  const summary = `Profit over time: ${formatProfit(last.profit)} units after ${settled} settled tips, from ${nairobiDate(points[0].date)} to ${nairobiDate(last.date)}`;
  const color = last.profit >= 0 ? '#22c55e' : '#ef4444';
  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${layout.width} ${CHART_HEIGHT}`}
        width="100%"
        height={CHART_HEIGHT}
        preserveAspectRatio="xMinYMid meet"
        style={{ display: 'block' }}
        data-testid="profit-chart"
      >
        <line
          x1={layout.plotLeft}
          x2={layout.plotRight}
          y1={layout.zeroY}
          y2={layout.zeroY}
          stroke="rgba(255,255,255,0.25)"
          strokeDasharray="4 3"
        />
        {layout.yLabels.map((label, index) => (
          <text
            key={index}
            ref={(element) => {
              labelRefs.current[index] = element;
            }}
            x={label.x}
            y={label.y}
            fill="#9ca3af"
            fontSize={LABEL_FONT_PX}
            textAnchor="start"
            data-testid="profit-axis-label"
          >
            {label.text}
          </text>
        ))}
        <text x={layout.plotLeft} y={CHART_HEIGHT - 4} fill="#9ca3af" fontSize={LABEL_FONT_PX}>
          {nairobiDate(points[0].date)}
        </text>
        <text
          x={layout.plotRight}
          y={CHART_HEIGHT - 4}
          fill="#9ca3af"
          fontSize={LABEL_FONT_PX}
          textAnchor="end"
        >
          {nairobiDate(last.date)}
        </text>
        <path d={layout.line} fill="none" stroke={color} strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </Box>
  );
};
