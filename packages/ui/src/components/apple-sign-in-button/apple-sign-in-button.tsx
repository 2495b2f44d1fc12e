import './apple-sign-in-button.css';
import { clsx } from 'clsx';
import { type ButtonHTMLAttributes, type CSSProperties, forwardRef } from 'react';
import type { UiMessageId } from '../../i18n/messages';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { Spinner } from '../spinner/spinner';

/** Spec §5: the Apple-type button's options. */
export const appleButtonModes = ['center-align', 'left-align', 'logo-only'] as const;
export const appleButtonTypes = ['sign-in', 'sign-up', 'apple', 'continue'] as const;
export const appleButtonColors = ['white', 'black'] as const;
export type AppleButtonMode = (typeof appleButtonModes)[number];
export type AppleButtonType = (typeof appleButtonTypes)[number];
export type AppleButtonColor = (typeof appleButtonColors)[number];

/** Spec §9: radius 0 to 50, default 15. */
export const APPLE_RADIUS_MIN = 0;
export const APPLE_RADIUS_MAX = 50;
export const APPLE_RADIUS_DEFAULT = 15;

/** Clamps a corner radius into 0–50; anything not a finite number gives the default 15. */
export function clampAppleRadius(radius: number | undefined): number {
  if (radius === undefined || !Number.isFinite(radius)) return APPLE_RADIUS_DEFAULT;
  return Math.min(APPLE_RADIUS_MAX, Math.max(APPLE_RADIUS_MIN, radius));
}

const labels: Record<AppleButtonType, UiMessageId> = {
  'sign-in': 'ui.apple.signIn',
  'sign-up': 'ui.apple.signUp',
  apple: 'ui.apple.apple',
  continue: 'ui.apple.continue',
};

export interface AppleSignInButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type' | 'color'> {
  mode?: AppleButtonMode;
  type?: AppleButtonType;
  color?: AppleButtonColor;
  /** Corner radius in px, clamped to 0–50 (default 15). */
  radius?: number;
  /** Draw a border (recommended for the white button on light backgrounds). */
  border?: boolean;
  loading?: boolean;
  /** Stretch to the container's width (not for logo-only). */
  block?: boolean;
}

export function AppleLogo({ size = 18 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      className="cui-apple-button__logo-svg"
    >
      <path
        fill="currentColor"
        d="M16.37 1.43c0 1.14-.49 2.27-1.18 3.08-.74.9-1.99 1.57-2.99 1.57-.12 0-.23-.02-.3-.03-.01-.06-.04-.22-.04-.39 0-1.15.57-2.27 1.21-2.98.8-.94 2.14-1.64 3.25-1.68.03.13.05.28.05.43Zm4.56 15.71c-.03.07-.46 1.58-1.52 3.12-.94 1.34-1.94 2.71-3.43 2.71-1.52 0-1.9-.88-3.63-.88-1.7 0-2.3.91-3.67.91-1.38 0-2.33-1.26-3.43-2.8C4 18.38 2.96 15.57 2.96 12.92c0-4.28 2.8-6.55 5.55-6.55 1.45 0 2.68.95 3.6.95.87 0 2.22-1.01 3.9-1.01.61 0 2.89.06 4.38 2.19-.13.09-2.39 1.37-2.39 4.19 0 3.26 2.86 4.42 2.96 4.45Z"
      />
    </svg>
  );
}

/**
 * An Apple sign-in button with the options of spec §5: mode (center-align, left-align, logo-only),
 * type (sign-in, sign-up, apple, continue), colour (white, black) and radius 0–50 (default 15).
 * Purely presentational: the app starts the Apple flow in `onClick`.
 */
export const AppleSignInButton = forwardRef<HTMLButtonElement, AppleSignInButtonProps>(
  function AppleSignInButton(
    {
      mode = 'center-align',
      type = 'sign-in',
      color = 'black',
      radius,
      border = color === 'white',
      loading = false,
      block,
      className,
      style,
      disabled,
      ...props
    },
    ref,
  ) {
    const { t } = useUiIntl();
    const label = t(labels[type]);
    const r = clampAppleRadius(radius);
    const logoOnly = mode === 'logo-only';
    return (
      <button
        ref={ref}
        type="button"
        className={clsx('cui-apple-button', className)}
        data-mode={mode}
        data-type={type}
        data-color={color}
        data-border={border || undefined}
        data-block={(block && !logoOnly) || undefined}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        aria-label={logoOnly ? label : undefined}
        style={{ '--cui-apple-radius': `${r}px`, ...style } as CSSProperties}
        {...props}
      >
        <span className="cui-apple-button__logo">{loading ? <Spinner size="sm" /> : <AppleLogo />}</span>
        {logoOnly ? null : <span className="cui-apple-button__text">{label}</span>}
      </button>
    );
  },
);
