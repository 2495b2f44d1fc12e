import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

beforeEach(() => {
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  document.documentElement.removeAttribute('lang');
  document.head.innerHTML = '';
});

afterEach(() => {
  if (typeof window !== 'undefined') cleanup();
});
