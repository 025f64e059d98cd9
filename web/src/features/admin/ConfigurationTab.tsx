/** Placeholder until the tab is built. */
export function ConfigurationTab() {
  return <p className="text-muted">Configuration</p>;
}
