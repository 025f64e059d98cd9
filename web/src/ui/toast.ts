import { toast, type ExternalToast } from 'sonner';

/** Spec part 1 §9: success toasts last 2 s, errors and others 4 s, loading toasts stay until dismissed. */
export const TOAST_DURATION = { success: 2000, other: 4000, loading: Infinity } as const;
export const MAX_VISIBLE_TOASTS = 20;

/** The app's toasts, with the spec's durations built in. */
export const notify = {
  success: (message: string, options?: ExternalToast): void => {
    toast.success(message, { duration: TOAST_DURATION.success, ...options });
  },
  error: (message: string, options?: ExternalToast): void => {
    toast.error(message, { duration: TOAST_DURATION.other, ...options });
  },
  info: (message: string, options?: ExternalToast): void => {
    toast(message, { duration: TOAST_DURATION.other, ...options });
  },
  loading: (message: string, options?: ExternalToast) => toast.loading(message, { duration: TOAST_DURATION.loading, ...options }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
