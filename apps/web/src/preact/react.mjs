// `react` in the built app (see vite.config.ts): preact/compat, with `useSyncExternalStore` given
// React's server-snapshot semantics, which preact/compat leaves out. The prerender renders with
// `getServerSnapshot`, and so does the hydration of a prerendered page: Preact does not patch the
// HTML's attributes when it hydrates, so the first render must match the HTML. The client snapshot
// follows right after, as with React. `useId` is unique across the document, portals included, as
// with React (see below). (JavaScript: preact/compat's types cannot be re-exported.)

import { options } from 'preact';
import compat, {
  useId as compatUseId,
  useSyncExternalStore as compatUseSyncExternalStore,
  useEffect,
  useState,
} from 'preact/compat';

export * from 'preact/compat';

// React sets `tabIndex` as the `tabindex` attribute on every element; Preact sets an SVG element's
// props as attributes under their own name, and `tabIndex` (case-sensitive on SVG) made nothing
// focusable: the charts (recharts' <svg tabIndex={0}>) could not take the keyboard focus.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && props && 'tabIndex' in props) {
    props.tabindex = props.tabIndex;
    delete props.tabIndex;
  }
  previousVnode?.(vnode);
};

const onServer = typeof document === 'undefined';
let hydrating = false;

/** Set while `hydrateRoot` (./react-dom-client.mjs) renders the prerendered page. */
export function setHydrating(value) {
  hydrating = value;
}

/**
 * @template T
 * @param {(onStoreChange: () => void) => () => void} subscribe
 * @param {() => T} getSnapshot
 * @param {() => T} [getServerSnapshot]
 * @returns {T}
 */
export function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {
  const [fromServer, setFromServer] = useState(() => onServer || hydrating);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return compatUseSyncExternalStore(
    subscribe,
    fromServer && getServerSnapshot ? getServerSnapshot : getSnapshot,
  );
}

let nextId = 0;

/**
 * Preact numbers ids per render root, and a portal (a Radix select's or dialog's content) can start
 * again from the main tree's numbers: two elements got the same id, and a label pointed at the wrong
 * one. The prerender and the hydration keep Preact's ids (the HTML's ids must be the ones hydrated);
 * everything rendered after that takes a document-wide counter.
 */
export function useId() {
  const treeId = compatUseId();
  const [id] = useState(() => (onServer || hydrating ? treeId : `C${nextId++}`));
  return id;
}

export default { ...compat, useId, useSyncExternalStore };
