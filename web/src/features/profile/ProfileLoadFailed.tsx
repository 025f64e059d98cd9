import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { reportProfileLoadFailure } from './reportProfileLoadFailure';

/** Spec part 1 §8: a profile that fails to load says 'Failed to load user shares' and goes to /. */
export function ProfileLoadFailed({ error }: { error?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    reportProfileLoadFailure(error);
    void navigate({ to: '/', replace: true });
  }, [error, navigate]);
  return null;
}
