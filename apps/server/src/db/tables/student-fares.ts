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

/** The student fare tables, by the name queries use. */
export type StudentFareTables = { railSimStudents: RailSimStudentsTable };
