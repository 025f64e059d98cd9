import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../ui/toast';

/** Spec part 1 §8: a failed load says 'Failed to load article' and goes to /. */
export function ReaderLoadFailed() {
  const navigate = useNavigate();
  useEffect(() => {
    // The id makes the toast one even when the effect runs twice (development) or the failure repeats.
    notify.error('Failed to load article', { id: 'article-load-failed' });
    void navigate({ to: '/', replace: true });
  }, [navigate]);
  return null;
}
