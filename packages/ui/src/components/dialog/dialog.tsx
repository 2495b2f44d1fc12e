import './dialog.css';
import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { Button } from '../button/button';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered as the Radix trigger with asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; stack on phones. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (e.g. when the footer has a cancel button). */
  hideClose?: boolean;
  className?: string;
}

const closeIcon = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d="M3.72 3.72a.75.75 0 0 1 1.06 0L8 6.94l3.22-3.22a.75.75 0 1 1 1.06 1.06L9.06 8l3.22 3.22a.75.75 0 1 1-1.06 1.06L8 9.06l-3.22 3.22a.75.75 0 0 1-1.06-1.06L6.94 8 3.72 4.78a.75.75 0 0 1 0-1.06Z"
    />
  </svg>
);

/** A modal dialog: focus is trapped inside, Escape and the close button dismiss it. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose = false,
  className,
}: DialogProps) {
  const { t } = useUiIntl();
  return (
    <RadixDialog.Root
      {...(open !== undefined ? { open } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="cui-dialog__overlay" />
        <RadixDialog.Content
          className={clsx('cui-dialog', className)}
          data-size={size}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="cui-dialog__header">
            <RadixDialog.Title className="cui-dialog__title">{title}</RadixDialog.Title>
            {hideClose ? null : (
              <RadixDialog.Close asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="cui-dialog__close"
                  aria-label={t('ui.dialog.close')}
                >
                  {closeIcon}
                </Button>
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description className="cui-dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children ? <div className="cui-dialog__body">{children}</div> : null}
          {footer ? <div className="cui-dialog__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps extends Omit<DialogProps, 'footer' | 'children' | 'hideClose'> {
  /** Label of the confirming button, e.g. "Delete deck". */
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button; defaults to true since this dialog guards destructive actions. */
  destructive?: boolean;
  /** Called on confirm. A returned promise keeps the dialog open and busy until it settles. */
  onConfirm: () => void | Promise<void>;
  /** External busy state (overrides the promise tracking). */
  loading?: boolean;
  children?: ReactNode;
}

/** Asks before a destructive action. Focus starts on Cancel so Enter never destroys by accident. */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  destructive = true,
  onConfirm,
  loading,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ConfirmDialogProps) {
  const { t } = useUiIntl();
  const [busy, setBusy] = useState(false);
  const [innerOpen, setInnerOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };
  const isBusy = loading ?? busy;
  const confirm = async () => {
    const result = onConfirm();
    if (result && typeof (result as Promise<void>).then === 'function') {
      setBusy(true);
      try {
        await result;
        setOpen(false);
      } finally {
        setBusy(false);
      }
    } else {
      setOpen(false);
    }
  };
  return (
    <Dialog
      {...props}
      size="sm"
      open={isOpen}
      onOpenChange={(next) => {
        if (!isBusy) setOpen(next);
      }}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={isBusy} autoFocus>
            {cancelLabel ?? t('ui.dialog.cancel')}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={confirm} loading={isBusy}>
            {confirmLabel ?? t('ui.dialog.confirm')}
          </Button>
        </>
      }
    />
  );
}
