import { createFileRoute } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/users')({
  component: () => (
    <Placeholder icon={Users} title="Users">
      Everyone on this instance, so you can find friends and follow what they share.
    </Placeholder>
  ),
});
