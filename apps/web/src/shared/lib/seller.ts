import { type Agent, inLanguage, type Language, type LocalText } from '@junction/domain';

/** A result or an order as its seller is told: its agent, and who sells it when that is not Junction. */
export type Sold = { agent: Agent; seller?: LocalText | undefined };

/**
 * Who sells a result or an order, in the UI language: the airline that sells a fare through Duffel by its
 * name, else the agent's label (spec §3 booking agents: Junction's combined fares, its own, China Railway)
 * as the namespace's `agents.*` text says it.
 */
export function sellerLabel(sold: Sold, t: (key: `agents.${Agent}`) => string, language: Language): string {
  return sold.seller ? inLanguage(sold.seller, language) : t(`agents.${sold.agent}`);
}
