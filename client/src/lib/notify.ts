import { createContext, useContext } from 'react';

/** How any part of the app tells the user an outcome; the ToastProvider shows it (components/toast.tsx). */
export interface Notify {
  error(text: string, options?: { durationMs?: number }): void;
  success(text: string, options?: { durationMs?: number }): void;
}

export const NotifyContext = createContext<Notify | null>(null);

export function useToast(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useToast needs a ToastProvider');
  return notify;
}
