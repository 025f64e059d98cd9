/** Placeholder until the tab is built. */
export function EmailTab() {
  return <p className="text-muted">Email</p>;
}
