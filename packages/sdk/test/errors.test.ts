import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  ForbiddenError,
  isCompanionError,
  isForbiddenError,
  isNetworkError,
  isNotFoundError,
  isRateLimitError,
  isRequestError,
  isServerError,
  isSessionExpiredError,
  isSignatureError,
  isUnverifiedError,
  isValidationError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestError,
  ServerError,
  SessionExpiredError,
  SignatureError,
  UnverifiedError,
  ValidationError,
} from '../src/index.js';
import { HttpRecorder, type Reply } from './http-recorder.js';

const server = new HttpRecorder();
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

const credentials = { token: 'secret-session-token-123456', userId: 'u1', googleToken: 'google-secret' };

function makeClient() {
  const onUnauthorized = vi.fn();
  const onUnverified = vi.fn();
  const client = createClient({
    baseUrl: server.url,
    apiKey: 'key-123',
    secret: 'shh',
    credentials: () => credentials,
    onUnauthorized,
    onUnverified,
    retry: 0,
  });
  return { client, onUnauthorized, onUnverified };
}

async function failureOf(reply: Reply, call: 'get' | 'post' = 'get'): Promise<unknown> {
  server.replyOnce(reply);
  const { client } = makeClient();
  try {
    if (call === 'get') await client.user.playgroups();
    else await client.playgroups.create({ body: { name: 'Thursday' } });
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

// One row per line of the error catalogue (spec §8): the class, its guard and the exact message.
describe('error catalogue', () => {
  it('401 with code 53 → UnverifiedError with the server message', async () => {
    const error = await failureOf({
      status: 401,
      body: { code: 53, message: 'Verify jane@example.com first.' },
    });
    expect(error).toBeInstanceOf(UnverifiedError);
    expect(isUnverifiedError(error)).toBe(true);
    expect((error as UnverifiedError).message).toBe('Verify jane@example.com first.');
    expect((error as UnverifiedError).code).toBe(53);
    expect((error as UnverifiedError).status).toBe(401);
  });

  it('401 with code 53 and no message → "Please verify your email to continue."', async () => {
    const error = await failureOf({ status: 401, body: { code: 53 } });
    expect(error).toBeInstanceOf(UnverifiedError);
    expect((error as Error).message).toBe('Please verify your email to continue.');
  });

  it('401 with code 53 calls onUnverified, not onUnauthorized', async () => {
    server.replyOnce({ status: 401, body: { code: 53, message: 'x' } });
    const { client, onUnauthorized, onUnverified } = makeClient();
    await expect(client.user.me()).rejects.toBeInstanceOf(UnverifiedError);
    expect(onUnverified).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a call made with sessionEvents: false rejects on 401 without calling the handlers', async () => {
    const { client, onUnauthorized, onUnverified } = makeClient();
    server.replyOnce({ status: 401, body: { code: 50, message: 'x' } });
    await expect(client.auth.logout(undefined, { sessionEvents: false })).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    server.replyOnce({ status: 401, body: { code: 53, message: 'x' } });
    await expect(client.auth.logout(undefined, { sessionEvents: false })).rejects.toBeInstanceOf(
      UnverifiedError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onUnverified).not.toHaveBeenCalled();
  });

  it('other 401 → SessionExpiredError "Session expired. Please login again." and onUnauthorized', async () => {
    server.replyOnce({ status: 401, body: { code: 50, message: 'token revoked' } });
    const { client, onUnauthorized, onUnverified } = makeClient();
    const error = await client.user.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(isSessionExpiredError(error)).toBe(true);
    expect((error as Error).message).toBe('Session expired. Please login again.');
    expect((error as SessionExpiredError).serverMessage).toBe('token revoked');
    expect(onUnauthorized).toHaveBeenCalledWith(error);
    expect(onUnverified).not.toHaveBeenCalled();
  });

  it('403 → ForbiddenError "You do not have permission to perform this action."', async () => {
    const error = await failureOf({ status: 403, body: { code: 60, message: 'admins only' } });
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(isForbiddenError(error)).toBe(true);
    expect((error as Error).message).toBe('You do not have permission to perform this action.');
  });

  it('404 → NotFoundError "The requested resource was not found."', async () => {
    const error = await failureOf({ status: 404, body: { code: 70, message: 'no such playgroup' } });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(isNotFoundError(error)).toBe(true);
    expect((error as Error).message).toBe('The requested resource was not found.');
  });

  it.each([500, 502, 503])(
    '%i → ServerError "A server error occurred. Please try again later."',
    async (status) => {
      const error = await failureOf({ status, body: { code: 100, message: 'boom' } });
      expect(error).toBeInstanceOf(ServerError);
      expect(isServerError(error)).toBe(true);
      expect((error as ServerError).status).toBe(status);
      expect((error as Error).message).toBe('A server error occurred. Please try again later.');
    },
  );

  it('other errors → the server message', async () => {
    const error = await failureOf(
      {
        status: 409,
        body: {
          code: 80,
          message: 'That username is taken.',
          details: { issues: [{ path: 'username', message: 'taken' }] },
        },
      },
      'post',
    );
    expect(error).toBeInstanceOf(RequestError);
    expect(isRequestError(error)).toBe(true);
    expect((error as Error).message).toBe('That username is taken.');
    expect((error as RequestError).issues).toEqual([{ path: 'username', message: 'taken' }]);
  });

  it('other errors without a message → "An unexpected error occurred."', async () => {
    const error = await failureOf({ status: 418, text: 'not json' }, 'post');
    expect(error).toBeInstanceOf(RequestError);
    expect((error as Error).message).toBe('An unexpected error occurred.');
  });

  it('a 2xx other than 200/201 is a failure', async () => {
    const error = await failureOf({ status: 204 });
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(204);
    expect((error as Error).message).toBe('Unexpected response status 204');
  });

  it('network failure → NetworkError with the transport message', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', secret: 's', retry: 0 });
    const error = await client.system.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).status).toBe(0);
    expect((error as Error).message).toBe('fetch failed');
  });

  it('network failure without a message → "An unexpected error occurred."', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      secret: 's',
      retry: 0,
      fetch: () => Promise.reject(new Error('')),
    });
    const error = await client.system.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('An unexpected error occurred.');
  });

  it('a time-out → NetworkError "The request timed out."', async () => {
    const client = createClient({
      baseUrl: server.url,
      apiKey: 'k',
      secret: 's',
      retry: 0,
      timeout: 50,
      fetch: (_input, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const error = await client.system.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('The request timed out.');
  });

  it('a response that breaks the contract → ValidationError on the response side', async () => {
    const error = await failureOf({ status: 200, body: { playgroups: [{ id: 7 }] } });
    expect(error).toBeInstanceOf(ValidationError);
    expect(isValidationError(error)).toBe(true);
    expect((error as ValidationError).side).toBe('response');
    expect((error as Error).message).toMatch(
      /^The data did not match the API contract\. — playgroups\.0\.id: /,
    );
  });

  it('a request that breaks the contract → ValidationError on the request side, nothing sent', async () => {
    const { client } = makeClient();
    const error = await client.user
      .setUsername({ body: { username: 'no spaces allowed' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).side).toBe('request');
    expect((error as Error).message).toBe(
      'Invalid request — body.username: Use letters, digits, dots, dashes and underscores only',
    );
    expect(server.requests).toHaveLength(0);
  });

  it.each([11, 12, 13])(
    '400 with signing code %i → SignatureError, and the session is kept',
    async (code) => {
      server.replyOnce({ status: 400, body: { code, message: 'Signature expired: check the clock' } });
      const { client, onUnauthorized } = makeClient();
      const error = await client.user.playgroups().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SignatureError);
      expect(isSignatureError(error)).toBe(true);
      expect((error as Error).message).toBe('Signature expired: check the clock');
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('429 → RateLimitError with Retry-After', async () => {
    const error = await failureOf(
      { status: 429, body: { code: 90, message: 'Slow down' }, headers: { 'retry-after': '12' } },
      'post',
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(isRateLimitError(error)).toBe(true);
    expect((error as RateLimitError).retryAfter).toBe(12);
    expect((error as Error).message).toBe('Slow down');
  });

  it('errors carry status, code, request id and the request with secrets redacted', async () => {
    const error = (await failureOf({
      status: 403,
      body: { code: 60, message: 'nope' },
      headers: { 'x-request-id': 'req-from-server' },
    })) as ForbiddenError;
    expect(isCompanionError(error)).toBe(true);
    expect(error.status).toBe(403);
    expect(error.code).toBe(60);
    expect(error.requestId).toBe('req-from-server');
    expect(error.request?.method).toBe('GET');
    expect(error.request?.url).toBe(`${server.url}/user/playgroups`);
    const headers = error.request?.headers ?? {};
    expect(headers.authorization).toBe('[redacted]');
    expect(headers['x-api-key']).toBe('[redacted]');
    expect(headers['x-google-token']).toBe('[redacted]');
    expect(headers['x-user-id']).toBe('u1');
    const serialised = JSON.stringify(error);
    expect(serialised).not.toContain(credentials.token);
    expect(serialised).not.toContain('google-secret');
    expect(serialised).not.toContain('key-123');
  });

  it('guards tell the classes apart', async () => {
    const error = new NotFoundError();
    expect(isNotFoundError(error)).toBe(true);
    expect(isForbiddenError(error)).toBe(false);
    expect(isServerError(new Error('plain'))).toBe(false);
    expect(isRequestError(new SignatureError())).toBe(true);
  });
});
