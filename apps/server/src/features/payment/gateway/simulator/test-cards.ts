/**
 * The simulator's test cards, like a processor's test mode: each number behaves in one way. Any other
 * number that passes spec §5's card rules is authorised and captured normally.
 */
export const CARD_BEHAVIOURS = [
  'success',
  'declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'three_d_secure',
  'capture_answer_lost',
  /** Paid normally; any refund of it fails at the bank (the card closed or replaced). */
  'refund_fails',
] as const;
export type CardBehaviour = (typeof CARD_BEHAVIOURS)[number];

export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  jcb: '3566002020360505',
  unionpay: '6200000000000005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
  threeDSecure: '4000000000003220',
  captureAnswerLost: '4000000000007767',
  refundFails: '4000000000005126',
} as const;

const BEHAVIOUR_OF: Record<string, CardBehaviour> = {
  [TEST_CARDS.declined]: 'declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expiredCard]: 'expired_card',
  [TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [TEST_CARDS.threeDSecure]: 'three_d_secure',
  [TEST_CARDS.captureAnswerLost]: 'capture_answer_lost',
  [TEST_CARDS.refundFails]: 'refund_fails',
};

export const behaviourOf = (digits: string): CardBehaviour => BEHAVIOUR_OF[digits] ?? 'success';
