import type { ToastItem } from '@companion/ui';
import { createContext, useContext } from 'react';

export type ToastInput = Omit<ToastItem, 'id'> & { id?: string };

export const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows a toast (inside the companion routes). */
export const useToast = () => useContext(ToastContext);
