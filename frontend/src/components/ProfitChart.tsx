import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { nairobiDate } from '../lib/nairobi-time';
import { formatProfit, type ProfitPoint } from '../lib/profit';

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 10, right: 8, bottom: 18, left: 36 };

/** Chart coordinates of the points: x by index, y scaled between min(0, profit) and max(0, profit). */
export const chartPath = (
  points: readonly ProfitPoint[],
): { line: string; zeroY: number; min: number; max: number } => {
  const values = points.map((point) => point.profit);
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length > 1 ? (index / (points.length - 1)) * innerW : innerW / 2);
  const y = (value: number) => PAD.top + ((max - value) / span) * innerH;
  const line = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.profit).toFixed(1)}`)
    .join(' ');
  return { line, zeroY: y(0), min, max };
};

/**
 * A tipster's cumulative profit over time (units, 1 staked per slip), as a small SVG line chart:
 * no chart library on the public pages. Screen readers get a summary in the label.
 */
export const ProfitChart = ({ points }: { points: readonly ProfitPoint[] }) => {
  if (points.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        No settled tips yet.
      </Typography>
    );
  }
  const { line, zeroY, min, max } = chartPath(points);
  const last = points[points.length - 1];
  const summary = `Profit over time: ${formatProfit(last.profit)} units after ${points.length} settled tips, from ${nairobiDate(points[0].date)} to ${nairobiDate(last.date)}`;
  const color = last.profit >= 0 ? '#22c55e' : '#ef4444';
  return (
    <Box>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: 560, display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={zeroY}
          y2={zeroY}
          stroke="rgba(255,255,255,0.25)"
          strokeDasharray="4 3"
        />
        <text x={PAD.left - 4} y={PAD.top + 4} fill="#9ca3af" fontSize="10" textAnchor="end">
          {formatProfit(max)}
        </text>
        <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} fill="#9ca3af" fontSize="10" textAnchor="end">
          {formatProfit(min)}
        </text>
        <text x={PAD.left} y={HEIGHT - 4} fill="#9ca3af" fontSize="10">
          {nairobiDate(points[0].date)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 4} fill="#9ca3af" fontSize="10" textAnchor="end">
          {nairobiDate(last.date)}
        </text>
        <path d={line} fill="none" stroke={color} strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </Box>
  );
};
