import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FoundTip } from '../api/types';
import { EmptyState } from './QueryStatus';

/**
 * The picks of a bought slip as find-slip returns them (docs/PRODUCT-RULES.md R141: Game, League,
 * Tip).
 */
export const FoundTipsList = ({ tips }: { tips: readonly FoundTip[] }) =>
  tips.length === 0 ? (
    <EmptyState>No tips found for this purchase.</EmptyState>
  ) : (
    <TableContainer component={Paper} variant="outlined" sx={{ mt: 2 }}>
      <Table size="small" aria-label="Your tips">
        <TableHead>
          <TableRow>
            <TableCell>Game</TableCell>
            <TableCell>League</TableCell>
            <TableCell>Tip</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tips.map((tip, index) => (
            <TableRow key={`${tip.Game}-${index}`}>
              <TableCell>{tip.Game}</TableCell>
              <TableCell>{tip.League}</TableCell>
              <TableCell sx={{ fontWeight: 700, color: 'secondary.main' }}>{tip.Tip}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
