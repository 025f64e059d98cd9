import ExternalLink from 'lucide-react/icons/external-link';
import Globe from 'lucide-react/icons/globe';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import type { WebAnalyticsPanel_analytics$key } from './__generated__/WebAnalyticsPanel_analytics.graphql';
import { Figures, Panel, formatCount } from './AdminPanel';

/**
 * The instance's web-analytics dashboard (only when ANALYTICS_URL is configured): embedded, with a link to open it in
 * a new tab, and the last 7 days' figures when the server could read them. It signs in on its own page: no
 * credentials are ever shown here.
 */
export function WebAnalyticsPanel({ analytics }: { analytics: WebAnalyticsPanel_analytics$key }) {
  const { dashboardUrl, figures } = useFragment(
    graphql`
      fragment WebAnalyticsPanel_analytics on AdminWebAnalytics {
        dashboardUrl
        figures {
          pageviews
          uniqueVisitors
          bounceRate
          averageVisitTime
          topPages {
            path
            views
          }
          topEvents {
            event
            count
          }
        }
      }
    `,
    analytics,
  );
  return (
    <Panel title="Web Analytics" description="Visits to this instance’s pages, last 7 days" icon={Globe}>
      <div className="space-y-4">
        {figures && (
          <>
            <Figures
              figures={[
                ['Page views', figures.pageviews],
                ['Unique visitors', figures.uniqueVisitors],
                ['Bounce rate', `${figures.bounceRate}%`],
                ['Average visit', visitTime(figures.averageVisitTime)],
              ]}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TopList title="Top pages" rows={figures.topPages.map((page) => [page.path, page.views])} />
              <TopList title="Top events" rows={figures.topEvents.map((event) => [event.event, event.count])} />
            </div>
          </>
        )}
        <a href={dashboardUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Open dashboard in a new tab
        </a>
        <iframe
          src={dashboardUrl}
          title="Web analytics dashboard"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          className="h-[36rem] w-full rounded-xl border border-line bg-canvas"
        />
      </div>
    </Panel>
  );
}

function TopList({ title, rows }: { title: string; rows: [label: string, count: number][] }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-ink">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {rows.map(([label, count]) => (
            <li key={label} className="flex justify-between gap-3">
              <span className="truncate text-ink">{label}</span>
              <span className="shrink-0 tabular-nums text-muted">{formatCount(count)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Seconds as "2m 5s". */
function visitTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes}m ${seconds % 60}s` : `${seconds}s`;
}
