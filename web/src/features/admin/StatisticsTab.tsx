/** Placeholder until the tab is built. */
export function StatisticsTab() {
  return <p className="text-muted">Statistics</p>;
}
