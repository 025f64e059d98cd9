import { createFileRoute } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/settings')({
  component: () => (
    <Placeholder icon={Settings} title="Settings">
      Your profile, password, invite codes, the browser extension and the bookmarklet will live here.
    </Placeholder>
  ),
});
