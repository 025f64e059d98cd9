import { createFileRoute } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/user/$userId')({
  component: () => (
    <Placeholder icon={UserRound} title="Profile">
      This person’s shared articles and a button to follow them will be here.
    </Placeholder>
  ),
});
