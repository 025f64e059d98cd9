/** Stand-in rows while the first page loads: the shape of the list, so nothing jumps when it arrives. */
export function ArticleListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading articles">
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="animate-pulse rounded-2xl border border-line bg-surface p-4 sm:p-5">
            <div className="flex gap-4">
              <div className="flex-1 space-y-2.5">
                <div className="h-3 w-40 rounded bg-sunken" />
                <div className="h-5 w-4/5 rounded bg-sunken" />
                <div className="h-3.5 w-full rounded bg-sunken" />
                <div className="h-3.5 w-2/3 rounded bg-sunken" />
              </div>
              <div className="aspect-[4/3] w-20 shrink-0 rounded-lg bg-sunken sm:w-28" />
            </div>
            <div className="mt-4 h-3 w-28 rounded bg-sunken" />
          </li>
        ))}
      </ul>
    </div>
  );
}
