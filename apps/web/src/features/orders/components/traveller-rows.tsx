import { ageOn, type PartyTypes, type Passenger, RAIL_CHILD_TICKET_FROM_AGE } from '@junction/domain';
import { Checkbox, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudentFareChoice } from '../lib/student-fare';
import styles from './orders.module.css';
import { StudentFareChoiceRow } from './student-fare-choice';

export type TravellerRowsProps = {
  chosen: Passenger[];
  types: PartyTypes | undefined;
  rail: boolean;
  usable: readonly string[];
  documentOf: Record<string, string>;
  onDocument: (passengerId: string, documentId: string) => void;
  railSeat: Record<string, boolean>;
  onRailSeat: (passengerId: string, on: boolean) => void;
  /** Ages are counted on the last day of the trip (spec §3). */
  ageDay: string;
  /** A student of the linked 12306 account: their student fare or why there is none. */
  studentOf?: (passengerId: string) => StudentFareChoice | undefined;
  student?: Record<string, boolean>;
  onStudent?: (passengerId: string, on: boolean) => void;
};

const nameOf = (p: Passenger) => p.chineseName ?? [p.surname, p.givenNames].filter(Boolean).join(' ');

/** The chosen travellers with their type, the document they travel on, and for rail children under 6 a seat choice. */
export function TravellerRows({
  chosen,
  types,
  rail,
  usable,
  documentOf,
  onDocument,
  railSeat,
  onRailSeat,
  ageDay,
  studentOf,
  student = {},
  onStudent,
}: TravellerRowsProps) {
  const { t } = useTranslation('orders');
  if (chosen.length === 0) return null;
  return (
    <div className={styles.rows}>
      <h4 className={styles.sectionTitle}>{t('booking.travellers.chosen')}</h4>
      <ul className={styles.travellerRows} data-testid="chosen-travellers">
        {chosen.map((p, i) => {
          const air = types?.air[i];
          const railType = types?.rail[i];
          const underSix = ageOn(p.birthDate, ageDay) < RAIL_CHILD_TICKET_FROM_AGE;
          const studentFare = rail ? studentOf?.(p.id) : undefined;
          return (
            <li key={p.id} className={styles.travellerRow} data-testid="chosen-traveller">
              <span className={styles.choiceName}>{nameOf(p)}</span>
              {air ? (
                <Tag variant="filled" data-testid="traveller-type">
                  {t(`types.${air}`)}
                </Tag>
              ) : null}
              {rail && railType ? (
                <Tag variant="filled" color={railType === 'FREE_CHILD' ? 'green' : undefined} data-testid="rail-type">
                  {t('tickets.railway')} · {t(`types.${railType}`)}
                </Tag>
              ) : null}
              <Select
                size="small"
                className={styles.documentSelect}
                aria-label={t('booking.travellers.document')}
                value={documentOf[p.id]}
                onChange={(v) => onDocument(p.id, v)}
                options={p.documents.map((d) => ({
                  value: d.id,
                  label: d.numberMasked,
                  disabled: !usable.includes(d.type),
                }))}
              />
              {rail && underSix ? (
                <Checkbox
                  checked={railSeat[p.id] ?? false}
                  onChange={(e) => onRailSeat(p.id, e.target.checked)}
                  data-testid="rail-seat"
                >
                  {t('booking.travellers.railSeat')}
                </Checkbox>
              ) : null}
              {studentFare ? (
                <StudentFareChoiceRow
                  choice={studentFare}
                  checked={student[p.id] ?? false}
                  onChange={(on) => onStudent?.(p.id, on)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
