import { scheduleTicketing } from '../features/fulfilment/schedule';
import type { AfterPayment, SavedCards, WalletFunds } from '../features/payment/ports';
import type { WalletService } from '../features/wallet/wallet.service';

/**
 * What a payment reaches beyond the order: ticketing, queued in the payment's own transaction; the wallet's
 * ledger, which payments from the balance debit and refunds to it credit; and the wallet's saved cards, whose
 * single-use token is made with the security code typed again, the code's outcome counted against the card
 * (three wrong ones a day lock it).
 */
export function paymentLinks(wallet: Pick<WalletService, 'ledger' | 'cards'>): {
  afterPayment: AfterPayment;
  wallet: WalletFunds;
  savedCards: SavedCards;
} {
  return {
    afterPayment: { scheduleTicketing },
    wallet: {
      debit: (trx, m) => wallet.ledger.debit(trx, m),
      credit: (trx, m) => wallet.ledger.credit(trx, m),
    },
    savedCards: {
      paymentToken: (userId, cardId, cvcToken) => wallet.cards.paymentToken(userId, cardId, cvcToken),
      codeOutcome: (trx, p) => wallet.cards.codeOutcome(trx, p),
    },
  };
}
