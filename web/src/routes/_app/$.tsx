import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../../ui/NotFoundScreen';

/** Any other path: inside the shell for a signed-in user; the layout sends everyone else to /login. */
export const Route = createFileRoute('/_app/$')({
  component: NotFoundScreen,
});
