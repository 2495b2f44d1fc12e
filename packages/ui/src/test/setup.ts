import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../../.storybook/preview';

setProjectAnnotations([preview]);

afterEach(() => {
  cleanup();
});

// jsdom lacks a few browser APIs Radix and the virtualiser use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Element scrolling: jsdom has no layout; keep scrollTop in sync and fire the event virtualisers listen to.
Element.prototype.scrollTo = function scrollTo(this: Element, x?: ScrollToOptions | number, y?: number) {
  const top = typeof x === 'object' ? x.top : y;
  if (typeof top === 'number') this.scrollTop = top;
  this.dispatchEvent(new Event('scroll'));
} as Element['scrollTo'];
