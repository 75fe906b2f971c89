import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NotifyContext, type Notify } from '../lib/notify';
import './toast.css';

type Tone = 'error' | 'success';

interface Toast {
  id: number;
  tone: Tone;
  text: string;
  durationMs: number;
}

const DEFAULT_DURATION_MS: Record<Tone, number> = { error: 8000, success: 5000 };

/** Messages of docs/product.md §8, shown in live regions instead of the browser's alert(). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((tone: Tone, text: string, durationMs = DEFAULT_DURATION_MS[tone]) => {
    const id = nextId.current++;
    // A new outcome replaces the one before: an old error never stays up beside a later success.
    setToasts([{ id, tone, text, durationMs }]);
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      error: (text, options) => push('error', text, options?.durationMs),
      success: (text, options) => push('success', text, options?.durationMs),
    }),
    [push],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <section className="toasts" aria-label="Notifications">
        {/* Live regions exist before anything is put in them, so screen readers announce new messages. */}
        <div role="alert" className="toasts__region">
          {toasts
            .filter((t) => t.tone === 'error')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
        <div role="status" className="toasts__region">
          {toasts
            .filter((t) => t.tone === 'success')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </NotifyContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);
  return (
    <div className={`toast toast--${toast.tone}`}>
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" aria-label="Dismiss message" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
