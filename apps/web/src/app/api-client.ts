// The SDK's request client (ky, request signing, error mapping): a chunk of its own, loaded by
// `companion.tsx` with the first API call, or sooner when a session or a sign-in will need it.
export { createClient } from '@companion/sdk';
