import { graphql, useLazyLoadQuery } from 'react-relay';
import { formatDate } from '../../ui/dates';
import type { DigestPickerQuery } from './__generated__/DigestPickerQuery.graphql';

type Props = { value: string | null; onChange: (digestId: string | null) => void; className: string };

/** The Weekly Digest source's picker: the viewer's digests, newest first, by their week. */
export function DigestPicker({ value, onChange, className }: Props) {
  const { digests } = useLazyLoadQuery<DigestPickerQuery>(
    graphql`
      query DigestPickerQuery {
        digests(first: 50) {
          edges {
            node {
              id
              title
              startDate
              endDate
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const options = digests?.edges.map((edge) => edge.node) ?? [];
  if (options.length === 0) {
    return (
      <select id="export-digest" disabled value="" className={className}>
        <option value="">No digests yet</option>
      </select>
    );
  }
  return (
    <select id="export-digest" value={value ?? ''} onChange={(event) => onChange(event.target.value || null)} className={className}>
      <option value="">Choose a digest…</option>
      {options.map((digest) => (
        <option key={digest.id} value={digest.id}>
          {`${formatDate(new Date(digest.startDate), 'day')} – ${formatDate(new Date(digest.endDate), 'day')}: ${digest.title}`}
        </option>
      ))}
    </select>
  );
}
