import { EXPORT_DAYS } from '@tidings/shared/limits';

export type ExportFormat = 'pdf' | 'epub';

/** What the /export form holds; only Liked is on at first. */
export type ExportDraft = {
  format: ExportFormat;
  days: (typeof EXPORT_DAYS)[number];
  includeLiked: boolean;
  includeShared: boolean;
  includeDigest: boolean;
  digestId: string | null;
};

export const INITIAL_DRAFT: ExportDraft = {
  format: 'pdf',
  days: EXPORT_DAYS[0],
  includeLiked: true,
  includeShared: false,
  includeDigest: false,
  digestId: null,
};

/** Why a draft may not be sent (at least one source, and a digest when Weekly Digest is on), or null. */
export function draftProblem(draft: ExportDraft): string | null {
  if (!draft.includeLiked && !draft.includeShared && !draft.includeDigest) return 'Please select at least one content source';
  if (draft.includeDigest && !draft.digestId) return 'Please select a digest';
  return null;
}

/** '7 days', …, '365 days' shown as 'Last year'. */
export function rangeLabel(days: number): string {
  return days === 365 ? 'Last year' : `Last ${days} days`;
}
