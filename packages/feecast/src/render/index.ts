/**
 * What the `feecast` commands print: tables of fees, usage, invoices and plan comparisons
 * with money in the currency's minor unit, `--json` output, the progress bar of long event
 * files, and errors with their exit codes.
 */
export {
  BACKTEST_CSV_COLUMNS,
  backtestCsvHeader,
  backtestCsvLine,
  renderBacktestSummary,
} from './backtest-output';
export { renderCompareTable } from './compare-table';
export { exitCodeFor, renderError, reportError } from './error';
export { LISTED_REJECTIONS, renderEventsAudit } from './events-audit';
export { feesTable, renderFeesTable } from './fees-table';
export { invoiceLedger, type Ledger, type LedgerLine, ledgerLines } from './invoice-ledger';
export { renderInvoice } from './invoice-table';
export { renderJson } from './json';
export { filterLabel, groupLabel } from './labels';
export {
  formatAmount,
  formatDecimalMoney,
  formatMoney,
  formatUnits,
  groupDigits,
  sumCents,
} from './money';
export {
  type CountProgressWriter,
  createCountProgressWriter,
  createProgressWriter,
  createRowsProgressWriter,
  formatBytes,
  formatDuration,
  type ProgressStream,
  type ProgressWriter,
  type RowsProgressWriter,
  renderCountProgress,
  renderProgressBar,
  renderRowsRead,
} from './progress';
export { renderSummary, renderTable, type Table, type TableColumn } from './table';
export { terminalLines, terminalText } from './terminal-text';
export { renderUsageTable } from './usage-table';
