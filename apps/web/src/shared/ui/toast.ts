/** A short error notice at the top of the page (spec §8); Ant Design's message loads with the first one. */
export function showErrorToast(content: string, seconds: number): void {
  void import('./toast-antd').then((m) => m.errorToast(content, seconds));
}
