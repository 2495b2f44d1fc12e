import './button.css';
import * as Slot from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export const buttonSizes = ['sm', 'md', 'lg', 'icon'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Render the single child (e.g. a router link) with the button's styles and props. */
  asChild?: boolean;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** Stretch to the container's width. */
  block?: boolean;
}

/** The product's button. Variants and sizes are exposed as `data-*` attributes for styling. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    asChild = false,
    icon,
    block,
    className,
    children,
    disabled,
    type,
    ...props
  },
  ref,
) {
  const shared = {
    className: clsx('cui-button', className),
    'data-variant': variant,
    'data-size': size,
    'data-loading': loading || undefined,
    'data-block': block || undefined,
  };
  if (asChild) {
    return (
      <Slot.Root ref={ref} {...shared} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...shared}
      {...props}
    >
      {loading ? (
        <Spinner size="sm" className="cui-button__spinner" />
      ) : icon ? (
        <span className="cui-button__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
});
