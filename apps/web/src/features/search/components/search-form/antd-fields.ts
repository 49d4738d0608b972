import { useSyncExternalStore } from 'react';
import { loadChunk } from '../../../../shared/lib/load-chunk';

type AntdFields = typeof import('./antd-fields-chunk');

let loaded: AntdFields | null = null;
let loading: Promise<AntdFields> | null = null;
const listeners = new Set<() => void>();

/**
 * The form's place pickers and calendars are Ant Design's, loaded when a traveller comes to the form (the
 * pointer over it, or the focus in it) rather than with the home page. Until then each field is drawn by a
 * light stand-in that looks the same; a click on one opens the real field as soon as it arrives.
 */
export function loadAntdFields(): Promise<AntdFields> {
  loading ??= loadChunk(() => import('./antd-fields-chunk')).then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // The light stand-ins stay; the next time the traveller comes to the form it is tried again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The loaded fields, or null while the light stand-ins show. */
export function useAntdFields(): AntdFields | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
}
