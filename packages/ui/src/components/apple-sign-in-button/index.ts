export type {
  AppleButtonColor,
  AppleButtonMode,
  AppleButtonType,
  AppleSignInButtonProps,
} from './apple-sign-in-button';
export {
  APPLE_RADIUS_DEFAULT,
  APPLE_RADIUS_MAX,
  APPLE_RADIUS_MIN,
  AppleLogo,
  AppleSignInButton,
  appleButtonColors,
  appleButtonModes,
  appleButtonTypes,
  clampAppleRadius,
} from './apple-sign-in-button';
