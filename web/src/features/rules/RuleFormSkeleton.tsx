/** The rule form's place while the viewer's feeds and folders load. */
export function RuleFormSkeleton() {
  return (
    <div role="status" aria-label="Loading the rule form" className="animate-pulse space-y-3 rounded-xl border border-line p-4">
      <div className="h-4 w-32 rounded bg-sunken" />
      <div className="h-11 rounded-lg bg-sunken" />
      <div className="h-9 w-3/4 rounded-lg bg-sunken" />
    </div>
  );
}
