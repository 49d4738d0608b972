import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { cardDataIn, cardNumberForms } from './scan-card-data';

describe('the card data scan', () => {
  it('finds a test card number written whole, grouped as typed, or with dashes', () => {
    expect(cardNumberForms(TEST_CARDS.amex)).toEqual(['378282246310005', '3782 822463 10005', '3782-822463-10005']);
    expect(cardDataIn(`{"msg":"incoming","body":{"number":"4242 4242 4242 4242"}}`)).toEqual([
      'card number 4242 4242 4242 4242',
    ]);
    expect(cardDataIn('token for 5555-5555-5555-4444')).toEqual(['card number 5555-5555-5555-4444']);
  });

  it('finds a security code field with its value, in JSON or a form body', () => {
    expect(cardDataIn('{"cvc":"123"}')).toHaveLength(1);
    expect(cardDataIn('cvv=4821&x=1')).toHaveLength(1);
    expect(cardDataIn("{ securityCode: '739' }")).toHaveLength(1);
  });

  it('passes what a card leaves behind legitimately: brand, last four, expiry, tokens', () => {
    expect(cardDataIn('{"brand":"visa","last4":"4242","expMonth":12,"expYear":2031,"token":"tok_abc"}')).toEqual([]);
    expect(cardDataIn('VISA •••• 4242, CVC check passed')).toEqual([]);
  });

  it('finds any test card number wherever it sits in a line', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(...Object.values(TEST_CARDS)),
        fc.string({ maxLength: 40 }),
        (before, number, after) => {
          expect(cardDataIn(before + number + after).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
