/** Placeholder until the tab is built. */
export function FeedsTab() {
  return <p className="text-muted">Feeds</p>;
}
