import { initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env, firebaseConfig } from '../env';

/** The Firebase Auth instance (the emulator when VITE_FIREBASE_AUTH_EMULATOR_HOST is set). */
export function createAuth(): Auth {
  const app = initializeApp(firebaseConfig);
  const social = Boolean(env.VITE_GOOGLE_CLIENT_ID || env.VITE_APPLE_CLIENT_ID);
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    ...(social ? { popupRedirectResolver: browserPopupRedirectResolver } : {}),
  });
  if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
    connectAuthEmulator(auth, `http://${env.VITE_FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  }
  return auth;
}
