/** An admin table while its first page loads. */
export function TableLoading() {
  return <div role="status" aria-label="Loading" className="h-64 animate-pulse rounded-2xl bg-sunken" />;
}
