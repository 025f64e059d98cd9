import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { settingsQuery as SettingsQuery } from './__generated__/settingsQuery.graphql';

/**
 * The account part of Account Settings: who the viewer is, the latest OPML import's report and the newsletter
 * address. The invite codes load on their own (inviteCodesQuery).
 */
export const settingsQuery = graphql`
  query settingsQuery {
    viewer {
      ...AccountSection_viewer
      ...ArticleListsSection_viewer
      ...DigestPreferencesSection_viewer
    }
    newsletterAddress {
      ...NewslettersSection_address
    }
    opmlImportReport {
      done
      ...OpmlImportReport_job
    }
  }
`;

/** Starts loading the account as the route is entered (or hovered); the store shows at once, the network refreshes it. */
export function loadSettings(environment: Environment) {
  return loadQuery<SettingsQuery>(environment, settingsQuery, {}, { fetchPolicy: 'store-and-network' });
}
