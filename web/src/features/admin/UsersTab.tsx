/** Placeholder until the tab is built. */
export function UsersTab() {
  return <p className="text-muted">Users</p>;
}
