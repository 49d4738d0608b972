/** A phone's browser is sent to a wallet app's phone page, which opens the app; anything wider to its desktop page. */
export const payDevice = (): 'phone' | 'desktop' =>
  /Android|iPhone|iPad|Mobile/i.test(navigator.userAgent) || window.matchMedia('(max-width: 767px)').matches
    ? 'phone'
    : 'desktop';
