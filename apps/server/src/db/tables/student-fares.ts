import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** The simulated railway's student qualification of a 12306 passenger (migration 0017). */
export type RailSimStudentsTable = {
  passengerId: string;
  school: string;
  homeCity: string;
  schoolCity: string;
  enrolledYear: number;
  checkStatus: string;
  checkedAt: Timestamp | null;
};

/**
 * A person's student tickets held through us in a school year (migrations 0018, 0026): the person is the
 * keyed hash of their document's number, so a traveller deleted and saved again keeps the count.
 */
export type StudentJourneyCountsTable = { person: string; schoolYear: number; used: Generated<number> };

/** One student ticket of an order: a traveller on a sub-order, held or given back. */
export type StudentJourneysTable = {
  orderId: string;
  subOrderPosition: number;
  travellerPosition: number;
  passengerId: string;
  /** Whom the count is kept for (`StudentJourneyCountsTable`). */
  person: string;
  schoolYear: number;
  travelDate: string;
  state: 'held' | 'given-back';
  takenAt: Timestamp;
  givenBackAt: Timestamp | null;
};

/** The student fare tables, by the name queries use. */
export type StudentFareTables = {
  railSimStudents: RailSimStudentsTable;
  studentJourneyCounts: StudentJourneyCountsTable;
  studentJourneys: StudentJourneysTable;
};
