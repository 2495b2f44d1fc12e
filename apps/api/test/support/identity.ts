import { randomBytes } from 'node:crypto';
import { PROJECT_ID } from './emulator.js';

/** Talks to the Firebase Auth emulator's REST API, as the web SDK would, to make real ID tokens. */
export class EmulatorIdentity {
  constructor(readonly host: string) {}

  private url(path: string) {
    return `http://${this.host}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;
  }

  private async post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(`emulator ${path}: ${json.error?.message ?? res.status}`);
    return json;
  }

  uniqueEmail(prefix = 'player'): string {
    return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
  }

  /** Email/password sign-up; the email starts unverified. */
  async signUp(
    email = this.uniqueEmail(),
    password = 'correct-horse-battery',
  ): Promise<{ uid: string; idToken: string; email: string; password: string }> {
    const r = await this.post<{ localId: string; idToken: string }>('accounts:signUp', {
      email,
      password,
      returnSecureToken: true,
    });
    return { uid: r.localId, idToken: r.idToken, email, password };
  }

  async signIn(email: string, password: string): Promise<{ uid: string; idToken: string }> {
    const r = await this.post<{ localId: string; idToken: string }>('accounts:signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
    return { uid: r.localId, idToken: r.idToken };
  }

  /** Marks the email verified (as clicking the emailed link does). */
  async verifyEmail(uid: string): Promise<void> {
    const res = await fetch(
      `http://${this.host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: uid, emailVerified: true }),
      },
    );
    if (!res.ok) throw new Error(`emulator verify: ${res.status} ${await res.text()}`);
  }

  /** Google sign-in through the emulator (it accepts an unsigned id_token). */
  async signInWithGoogle(
    email = this.uniqueEmail('google'),
    name = 'Gideon Jura',
  ): Promise<{ uid: string; idToken: string; email: string }> {
    const claims = JSON.stringify({ sub: randomBytes(8).toString('hex'), email, email_verified: true, name });
    const r = await this.post<{ localId: string; idToken: string }>('accounts:signInWithIdp', {
      postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
    });
    return { uid: r.localId, idToken: r.idToken, email };
  }
}
