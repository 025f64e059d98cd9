import { createFileRoute } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/digest/')({
  component: () => (
    <Placeholder icon={BookOpen} title="Digest">
      Your weekly digests of the most-liked and most-shared articles will be collected here.
    </Placeholder>
  ),
});
