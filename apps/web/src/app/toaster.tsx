import { Toaster } from '@companion/ui';

/** Loaded with the first toast (Radix Toast is not needed before). */
export default Toaster;
