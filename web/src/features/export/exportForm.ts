import { EXPORT_DAYS } from '@tidings/shared/limits';

export type ExportFormat = 'pdf' | 'epub';

/** What the /export form holds (spec part 2 §2); only Liked is on at first (§9). */
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

/** The spec's validation message for a draft (§5), or null when it may be sent. */
export function draftProblem(draft: ExportDraft): string | null {
  if (!draft.includeLiked && !draft.includeShared && !draft.includeDigest) return 'Please select at least one content source';
  if (draft.includeDigest && !draft.digestId) return 'Please select a digest';
  return null;
}

/** '7 days', …, '365 days' shown as 'Last year'. */
export function rangeLabel(days: number): string {
  return days === 365 ? 'Last year' : `Last ${days} days`;
}
