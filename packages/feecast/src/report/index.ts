/**
 * The HTML pages of the `feecast` commands: the plan comparison (`feecast compare --report`),
 * the backtest (`feecast backtest --report`) and the customer portal, as pure functions of
 * plain data; self-contained documents with SVG charts, every text escaped, no network request.
 */

export { type BacktestReportData, renderBacktestReport } from './backtest-report';
export { type Bar, type BarChartSpec, type BarGroup, barTitle, renderBarChart } from './bar-chart';
export { type CurveBucket, chargeBuckets } from './charge-buckets';
export {
  chargeCurves,
  compareDataFromInvoices,
  invoiceChargeLines,
  type PlanPreview,
} from './compare-data';
export { renderCompareReport } from './compare-report';
export {
  type ChargeCurve,
  type CurveCharge,
  type CurveOptions,
  priceBreaks,
  sampleChargeCurve,
} from './curve';
export type {
  ChargeCurves,
  ComparedPlan,
  CompareReportData,
  CurveBucketUsage,
  CurvePoint,
  PlanChargeAmount,
  PlanCurve,
  PortalCharge,
  PortalInvoice,
  PortalPageData,
  ReportCustomer,
  ReportPeriod,
} from './data';
export { escapeHtml, type Html, type HtmlValue, html } from './html';
export { type LegendEntry, renderLegend } from './legend';
export { type LineChartSpec, type LinePoint, type LineSeries, renderLineChart } from './line-chart';
export { renderDocument } from './page';
export { colour } from './palette';
export { type PortalUsageInput, portalDataFromUsage } from './portal-data';
export { renderPortalPage } from './portal-page';
export { niceTicks, px, roundPixels, toPixels } from './scale';
export {
  renderStackedBarChart,
  type StackCategory,
  type StackedBarChartSpec,
  type StackSegment,
} from './stacked-bar-chart';
