import { createFileRoute } from '@tanstack/react-router';
import { Share2 } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/shares')({
  component: () => (
    <Placeholder icon={Share2} title="Shared">
      Articles shared by the people you follow, with their notes, will appear here.
    </Placeholder>
  ),
});
