/** Only paths on this site: `/booking?x=1`, never `//evil.example` or `https://…`. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** Where to go after signing in (spec §2): the redirect (in a new tab when `blank`), else home. */
export function goAfterSignIn(
  navigate: (to: string) => void,
  request: { redirect?: string; blank?: boolean; refresh?: boolean },
): void {
  const redirect = safeRedirect(request.redirect);
  if (redirect && request.blank) {
    window.open(redirect, '_blank', 'noopener');
    if (request.refresh) window.location.reload();
  } else if (redirect) {
    if (request.refresh) window.location.assign(redirect);
    else navigate(redirect);
  } else if (request.refresh) {
    window.location.reload();
  } else {
    navigate('/');
  }
}
