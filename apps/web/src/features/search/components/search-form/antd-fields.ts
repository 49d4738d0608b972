import { useSyncExternalStore } from 'react';
import { loadChunk } from '../../../../shared/lib/load-chunk';

type AntdFields = typeof import('./antd-fields-chunk');

let loaded: AntdFields | null = null;
/** The fields drawn in place of the stand-ins: the loaded ones, once no press is under way (`pressing`). */
let shown: AntdFields | null = null;
let loading: Promise<AntdFields> | null = null;
const listeners = new Set<() => void>();

/**
 * Whether a pointer is pressed. A press that began on a stand-in must end on it: fields that replaced it
 * between the press and the release would swallow the click (the pointer coming to the form starts the
 * load, so a quick tap or click can meet the fields arriving), so they are drawn once the press is over.
 */
let pressing = false;

function show(): void {
  if (!loaded || pressing || shown === loaded) return;
  shown = loaded;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  const press = () => {
    pressing = true;
  };
  // After the release's click, which the browser sends in the same task as the release.
  const release = () =>
    setTimeout(() => {
      pressing = false;
      show();
    }, 0);
  window.addEventListener('pointerdown', press, true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  // The window's own blur (the press may end in another window), not a field's: a press moves the focus.
  window.addEventListener('blur', release);
}

/**
 * The form's place pickers and calendars are Ant Design's, loaded when a traveller comes to the form (the
 * pointer over it, or the focus in it) rather than with the home page. Until then each field is drawn by a
 * light stand-in that looks the same; a click on one opens the real field as soon as it arrives, and a press
 * under way keeps the stand-ins until it ends.
 */
export function loadAntdFields(): Promise<AntdFields> {
  loading ??= loadChunk(() => import('./antd-fields-chunk')).then(
    (module) => {
      loaded = module;
      show();
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
    () => shown,
    () => shown,
  );
}
