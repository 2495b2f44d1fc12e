export type { ToasterProps, ToastItem, ToastTone } from './toast';
export { Toaster } from './toast';
