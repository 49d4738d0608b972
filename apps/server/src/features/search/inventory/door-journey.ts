import type { Outcome } from '@junction/planner';
import type { TransitLink } from '@junction/refdata';

/** One way through the network, with the ends reached by taxi or metro. */
export type DoorToDoorJourney = {
  /** A taxi, a curated metro or airport-express link, or a walk to a metro station or a railway station next to the door. */
  access: { kind: 'taxi' | 'subway' | 'walk'; link?: TransitLink; seconds: number; price: number; stop: number };
  egress: { kind: 'taxi' | 'subway' | 'walk'; link?: TransitLink; seconds: number; price: number; stop: number };
  outcome: Outcome;
  /** The absolute instant (ms) the traveller leaves the door. */
  leaveAt: number;
};
