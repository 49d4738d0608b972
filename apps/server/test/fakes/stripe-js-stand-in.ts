/*
 * A stand-in of Stripe.js (v3) for the browser tests, served by the local Stripe fake: `Stripe(key)`,
 * `elements()`, `create('card' | 'cardCvc')` mounted in the page as Stripe's own frame is, and
 * `createToken(element)` / `createToken('cvc_update', element)` posting the card to the fake's
 * /v1/tokens with the publishable key, so card data goes to "Stripe" and never to the site.
 */
export const STRIPE_JS_STAND_IN = `(() => {
  const api = '__API__';
  function Element(type) {
    const box = document.createElement('div');
    box.className = 'StripeElement';
    box.dataset.stripeStandIn = type;
    const field = (name, label, size) => {
      const input = document.createElement('input');
      input.name = name;
      input.setAttribute('aria-label', label);
      input.autocomplete = 'off';
      input.inputMode = 'numeric';
      input.style.cssText = 'border:0;outline:0;font:inherit;width:' + size;
      box.appendChild(input);
      return input;
    };
    const fields = type === 'cardCvc'
      ? { cvc: field('cvc', 'CVC', '100%') }
      : { number: field('cardnumber', 'Card number', '55%'), exp: field('exp-date', 'MM / YY', '25%'), cvc: field('cvc', 'CVC', '20%') };
    const handlers = {};
    box.addEventListener('input', () => {
      const complete = Object.values(fields).every((f) => f.value.trim().length >= 3);
      (handlers.change || []).forEach((h) => h({ elementType: type, complete, empty: false, error: undefined }));
    });
    return {
      mount(target) {
        (typeof target === 'string' ? document.querySelector(target) : target).appendChild(box);
      },
      unmount() { box.remove(); },
      destroy() { box.remove(); },
      on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
      focus() { Object.values(fields)[0].focus(); },
      clear() { Object.values(fields).forEach((f) => { f.value = ''; }); },
      _fields: fields,
    };
  }
  window.Stripe = function Stripe(key) {
    const post = async (body) => {
      const res = await fetch(api + '/v1/tokens', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
      const json = await res.json();
      return res.ok ? { token: json } : { error: json.error };
    };
    return {
      elements: () => ({ create: (type) => Element(type) }),
      async createToken(kind, element) {
        if (kind === 'cvc_update') return post({ 'cvc_update[cvc]': element._fields.cvc.value });
        const f = kind._fields;
        const [month, year] = f.exp.value.split('/').map((s) => s.trim());
        return post({
          'card[number]': f.number.value,
          'card[exp_month]': month,
          'card[exp_year]': year && year.length === 2 ? '20' + year : year,
          'card[cvc]': f.cvc.value,
        });
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;
