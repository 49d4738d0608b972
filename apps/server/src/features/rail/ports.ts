import type { DocumentType, PassengerInput } from '@junction/domain';

/** The user's saved travellers (the travellers feature, composed in `app.ts`). */
export interface SavedTravellers {
  /** The id of the user's saved traveller holding this document, if any. */
  findByDocument(userId: string, type: DocumentType, number: string): Promise<string | undefined>;
  /** Saves a traveller by the travellers' rules; throws their coded errors. */
  save(userId: string, input: PassengerInput): Promise<{ id: string }>;
}

/** Rail tickets being issued now through the user's linked account (the orders, composed in `app.ts`). */
export interface RailTicketsInProgress {
  count(userId: string): Promise<number>;
}

/** Who may work the agents' desk: the customer-service agents (the chat's, composed in `features.ts`). */
export interface DeskAgents {
  isAgent(userId: string): Promise<boolean>;
}

/** Ticketing, told when an agent at the desk answers a request (its key) so it collects the answer now. */
export interface DeskAnswered {
  answered(key: string): Promise<void>;
}
