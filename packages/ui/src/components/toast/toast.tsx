import './toast.css';
import * as RadixToast from '@radix-ui/react-toast';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before auto-dismiss; Infinity keeps it until dismissed. */
  duration?: number;
  /** Optional action, e.g. "Undo". `altText` describes it for screen readers. */
  action?: { label: ReactNode; altText: string; onClick: () => void };
}

export interface ToasterProps {
  /** Toasts to show, owned by the app (this package keeps no global state). */
  toasts: readonly ToastItem[];
  /** Called when a toast closes (timeout, swipe, close button or action). */
  onDismiss: (id: string) => void;
  /** Default duration in ms. */
  duration?: number;
  className?: string;
}

const icons: Record<ToastTone, ReactNode> = {
  info: (
    <path
      fill="currentColor"
      d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm.75 6h-1.5v5h1.5V7ZM8 4a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
    />
  ),
  success: (
    <path
      fill="currentColor"
      d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm3.03 4.47a.75.75 0 0 0-1.06 0L7 8.44 6.03 7.47a.75.75 0 0 0-1.06 1.06l1.5 1.5a.75.75 0 0 0 1.06 0l3.5-3.5a.75.75 0 0 0 0-1.06Z"
    />
  ),
  warning: (
    <path
      fill="currentColor"
      d="M8.87 1.5 15.4 13a1 1 0 0 1-.87 1.5H1.47A1 1 0 0 1 .6 13L7.13 1.5a1 1 0 0 1 1.74 0ZM8.75 6h-1.5v4h1.5V6ZM8 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
    />
  ),
  error: (
    <path
      fill="currentColor"
      d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm2.47 3.47L8 6.94 5.53 4.47 4.47 5.53 6.94 8l-2.47 2.47 1.06 1.06L8 9.06l2.47 2.47 1.06-1.06L9.06 8l2.47-2.47-1.06-1.06Z"
    />
  ),
};

/** Renders the app's toasts in a polite live region (bottom-right; bottom on phones). F8 focuses it. */
export function Toaster({ toasts, onDismiss, duration = 5000, className }: ToasterProps) {
  const { t } = useUiIntl();
  return (
    <RadixToast.Provider
      duration={duration}
      // Announced before each toast's text to screen readers.
      label={t('ui.toast.announce')}
      swipeDirection="right"
    >
      {toasts.map((toast) => {
        const tone = toast.tone ?? 'info';
        return (
          <RadixToast.Root
            key={toast.id}
            className="cui-toast"
            data-tone={tone}
            type={tone === 'error' ? 'foreground' : 'background'}
            {...(toast.duration !== undefined ? { duration: toast.duration } : {})}
            onOpenChange={(open) => {
              if (!open) onDismiss(toast.id);
            }}
          >
            <svg className="cui-toast__icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
              {icons[tone]}
            </svg>
            <div className="cui-toast__text">
              <RadixToast.Title className="cui-toast__title">{toast.title}</RadixToast.Title>
              {toast.description ? (
                <RadixToast.Description className="cui-toast__description">
                  {toast.description}
                </RadixToast.Description>
              ) : null}
            </div>
            {toast.action ? (
              <RadixToast.Action
                className="cui-toast__action"
                altText={toast.action.altText}
                onClick={toast.action.onClick}
              >
                {toast.action.label}
              </RadixToast.Action>
            ) : null}
            <RadixToast.Close className="cui-toast__close" aria-label={t('ui.toast.dismiss')}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M3.72 3.72a.75.75 0 0 1 1.06 0L8 6.94l3.22-3.22a.75.75 0 1 1 1.06 1.06L9.06 8l3.22 3.22a.75.75 0 1 1-1.06 1.06L8 9.06l-3.22 3.22a.75.75 0 0 1-1.06-1.06L6.94 8 3.72 4.78a.75.75 0 0 1 0-1.06Z"
                />
              </svg>
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        className={clsx('cui-toast-viewport', className)}
        // The region's name; Radix puts the shortcut (F8) in place of {hotkey}.
        label={t('ui.toast.region', { hotkey: '{hotkey}' })}
      />
    </RadixToast.Provider>
  );
}
