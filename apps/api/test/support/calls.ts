/** Calls shared by the integration tests: a call's HTTP status, a raw signed call or request, friendship. */
import { prepareRequest, signHeaders } from '@companion/sdk';
import type { AnyEndpoint } from '@companion/sdk/contract';
import { TEST_API_KEY, TEST_SECRET, type TestServer, type TestUser } from './index.js';

/** The HTTP status a call ends with (200 when it succeeds). */
export const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status ?? 0,
  );

/** A signed request that skips the client's own validation: the server's response as it is. */
export async function signedFetch(
  t: TestServer,
  user: TestUser,
  endpoint: AnyEndpoint,
  args: Record<string, unknown>,
): Promise<Response> {
  const config = { apiKey: TEST_API_KEY, secret: TEST_SECRET, device: 'web' };
  const prepared = prepareRequest(endpoint, args, config, user.credentials, undefined, false);
  const headers = new Headers(prepared.headers);
  signHeaders((k, v) => headers.set(k, v), prepared, config, Date.now());
  return fetch(t.url + prepared.pathWithQuery, {
    method: prepared.method,
    headers,
    body: prepared.body ?? null,
  });
}

/** A signed call that skips the client's own validation, to see what the server answers. */
export async function raw(
  t: TestServer,
  user: TestUser,
  endpoint: AnyEndpoint,
  args: Record<string, unknown>,
) {
  const res = await signedFetch(t, user, endpoint, args);
  return { status: res.status, body: (await res.json()) as { message: string; details?: unknown } };
}

/** Makes two users friends (request by code, then accept). */
export async function befriend(a: TestUser, b: TestUser) {
  await a.client.friends.request({ params: { code: b.code } });
  await b.client.friends.accept({ params: { code: a.code } });
}
