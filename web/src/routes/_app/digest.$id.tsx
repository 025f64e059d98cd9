import { createFileRoute } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/digest/$id')({
  component: () => (
    <Placeholder icon={BookOpen} title="Digest">
      One week’s digest, article by article, will be shown here.
    </Placeholder>
  ),
});
