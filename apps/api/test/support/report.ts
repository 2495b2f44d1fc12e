import type { ImportReport } from '@companion/sdk/contract';

/**
 * The rows an import report accounts for: resolved (by each method), merged into an earlier row,
 * unresolved, refused with an error, and skipped. An exact report's sum is its `rows`. Computed
 * here, from the report's parts, independently of the server that filled them.
 */
export function accountedRows(report: ImportReport): number {
  const { byId, bySetNumber, bySetName, byName } = report.resolved;
  return (
    byId +
    bySetNumber +
    bySetName +
    byName +
    report.merged +
    report.unresolved.length +
    report.errors.length +
    report.skippedLines
  );
}
