export type { ButtonProps, ButtonSize, ButtonVariant } from './button';
export { Button, buttonSizes, buttonVariants } from './button';
