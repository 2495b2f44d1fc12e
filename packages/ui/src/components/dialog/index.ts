export type { ConfirmDialogProps, DialogProps } from './dialog';
export { ConfirmDialog, Dialog } from './dialog';
