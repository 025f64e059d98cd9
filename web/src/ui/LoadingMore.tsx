import LoaderCircle from 'lucide-react/icons/loader-circle';

/** The line under a list while its next page loads. */
export function LoadingMore({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {label}
    </p>
  );
}
