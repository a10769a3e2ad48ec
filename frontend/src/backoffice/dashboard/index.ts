export { TipsterDashboard } from './TipsterDashboard';
export { EarningsPage, WithdrawRequestsPage } from './FinanceLists';
export { WithdrawDialog } from './WithdrawDialog';
export { AddTipsPage } from './AddTipsPage';
export { OwnActiveTipsPage, OwnFinishedTipsPage } from './OwnTipsPages';
