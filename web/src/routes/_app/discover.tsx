import { createFileRoute } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/discover')({
  component: () => (
    <Placeholder icon={Compass} title="Discover Feeds">
      Popular feeds on this instance and suggestions to subscribe to will be here.
    </Placeholder>
  ),
});
