/** Placeholder until the tab is built. */
export function AnalyticsTab() {
  return <p className="text-muted">Analytics</p>;
}
