import { loadChunk } from '../lib/load-chunk';

/** A short error notice at the top of the page (spec §8); Ant Design's message loads with the first one. */
export function showErrorToast(content: string, seconds: number): void {
  // A notice that still could not be loaded is dropped: the page goes on without it.
  loadChunk(() => import('./toast-antd')).then(
    (m) => m.errorToast(content, seconds),
    () => {},
  );
}

/** A short confirmation at the top of the page, whichever page comes next. */
export function showSuccessToast(content: string, seconds = 4): void {
  void import('./toast-antd').then((m) => m.successToast(content, seconds));
}
