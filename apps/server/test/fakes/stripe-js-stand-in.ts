/*
 * A stand-in of Stripe.js (v3) for the browser tests, served by the local Stripe fake: `Stripe(key)`,
 * `elements()`, `create('card' | 'cardCvc')` mounted in the page as Stripe's own frame is, and
 * `createToken(element)` / `createToken('cvc_update', element)` posting the card to the fake's
 * /v1/tokens with the publishable key, and `confirmCardSetup(clientSecret, { payment_method: { card } })`
 * confirming a SetupIntent with the card, so card data goes to "Stripe" and never to the site.
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
    const post = async (body, path = '/v1/tokens', kind = 'token') => {
      const res = await fetch(api + path, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
      const json = await res.json();
      return res.ok ? { [kind]: json } : { error: json.error };
    };
    const cardOf = (element, prefix) => {
      const f = element._fields;
      const [month, year] = f.exp.value.split('/').map((s) => s.trim());
      return {
        [prefix + '[number]']: f.number.value,
        [prefix + '[exp_month]']: month,
        [prefix + '[exp_year]']: year && year.length === 2 ? '20' + year : year,
        [prefix + '[cvc]']: f.cvc.value,
      };
    };
    return {
      elements: () => ({ create: (type) => Element(type) }),
      async createToken(kind, element) {
        if (kind === 'cvc_update') return post({ 'cvc_update[cvc]': element._fields.cvc.value });
        return post(cardOf(kind, 'card'));
      },
      async confirmCardSetup(clientSecret, data) {
        const setup = clientSecret.split('_secret_')[0];
        const body = { client_secret: clientSecret, 'payment_method_data[type]': 'card' };
        Object.assign(body, cardOf(data.payment_method.card, 'payment_method_data[card]'));
        const name = data.payment_method.billing_details && data.payment_method.billing_details.name;
        if (name) body['payment_method_data[billing_details][name]'] = name;
        return post(body, '/v1/setup_intents/' + setup + '/confirm', 'setupIntent');
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;
