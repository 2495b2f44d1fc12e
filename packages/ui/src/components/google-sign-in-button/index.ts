export type { GoogleButtonText, GoogleSignInButtonProps } from './google-sign-in-button';
export { GoogleLogo, GoogleSignInButton } from './google-sign-in-button';
