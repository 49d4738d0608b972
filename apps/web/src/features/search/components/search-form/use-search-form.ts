import { type ErrorName, packSearchLink, TRIP_TYPES, type TripType } from '@junction/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../../shared/lib/error-text';
import { paths } from '../../../../shared/paths';
import {
  checkDraft,
  defaultDraft,
  type FieldProblem,
  type LegDraft,
  type LegProblems,
  lastOnSaleIso,
  legsInUse,
  loadLastSearch,
  type SearchDraft,
  saveLastSearch,
  toCriteria,
  todayIso,
  withNewLeg,
  withTripType,
} from './search-draft';

/** Date problems shown as soon as they arise, not only after a search attempt. */
const LIVE_PROBLEMS: readonly FieldProblem[] = ['LEG_ORDER', 'RETURN_BEFORE_DEPARTURE'];

/** The route of a one-way or round-trip draft whose places and date are chosen, as searches name it. */
function fareRouteOf(draft: SearchDraft): { from: string; to: string } | null {
  if (draft.type === TRIP_TYPES.MULTI_CITY) return null;
  try {
    const leg = toCriteria(draft).legs[0];
    return leg ? { from: leg.departure, to: leg.destination } : null;
  } catch {
    return null;
  }
}

type Party = Pick<SearchDraft, 'adults' | 'children' | 'infants'>;

/** A field's problem in the site's language: the form's own words for a missing field, the catalogue's for the rest. */
function useDescribe() {
  const { t } = useTranslation('search-form');
  const errorText = useErrorText();
  return (p: FieldProblem | undefined): string | undefined => {
    if (!p) return undefined;
    switch (p) {
      case 'FROM_REQUIRED':
        return t('problems.fromRequired');
      case 'TO_REQUIRED':
        return t('problems.toRequired');
      case 'DATE_REQUIRED':
        return t('problems.dateRequired');
      case 'RETURN_REQUIRED':
        return t('problems.returnRequired');
      default:
        return errorText(p);
    }
  };
}

/**
 * The search form's draft (spec §2, §3, §5): its changes, its problems (shown after a search attempt,
 * the dates' order at once), and a valid search remembered on this device and opened as results.
 */
export function useSearchForm(initial: SearchDraft | undefined) {
  const navigate = useNavigate();
  const describe = useDescribe();
  const [draft, setDraft] = useState<SearchDraft>(() => initial ?? loadLastSearch() ?? defaultDraft());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const today = todayIso();
  const problems = checkDraft(draft, today);

  const shown = (p: FieldProblem | undefined) =>
    p && (wasSubmitted || LIVE_PROBLEMS.includes(p)) ? describe(p) : undefined;
  const legProblems = (i: number): LegProblems => problems?.legs[i] ?? {};

  const update = (patch: Partial<SearchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateLeg = (index: number, patch: Partial<LegDraft>) =>
    setDraft((d) => ({ ...d, legs: d.legs.map((leg, i) => (i === index ? { ...leg, ...patch } : leg)) }));
  const removeLeg = (index: number) => setDraft((d) => ({ ...d, legs: d.legs.filter((_, i) => i !== index) }));
  const addLeg = () => setDraft((d) => withNewLeg(d, today));
  const setTripType = (type: TripType) => setDraft((d) => withTripType(d, type, today));
  const setRoundTrip = ([date, returnDate]: [string | undefined, string | undefined]) =>
    setDraft((d) => ({ ...d, returnDate, legs: d.legs.map((l, i) => (i === 0 ? { ...l, date } : l)) }));
  const setParty = (next: (party: Party) => Party) =>
    setDraft((d) => ({ ...d, ...next({ adults: d.adults, children: d.children, infants: d.infants }) }));

  /** Searches a draft: its problems shown if it has any, else remembered on this device and opened as results. */
  const search = (next: SearchDraft) => {
    setWasSubmitted(true);
    if (checkDraft(next, today)) return;
    saveLastSearch(next);
    navigate(paths.searchResults(packSearchLink(toCriteria(next))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };

  /** Searches the route on a day (and back on another) chosen in the month of fares. */
  const searchOn = (date: string, returnDate?: string) => {
    const next: SearchDraft = {
      ...draft,
      ...(draft.type === TRIP_TYPES.ROUND_TRIP ? { returnDate } : {}),
      legs: draft.legs.map((l, i) => (i === 0 ? { ...l, date } : l)),
    };
    setDraft(next);
    search(next);
  };

  const formProblem: ErrorName | undefined = wasSubmitted ? problems?.form : undefined;
  return {
    draft,
    today,
    lastOnSale: lastOnSaleIso(today),
    isMultiCity: draft.type === TRIP_TYPES.MULTI_CITY,
    legs: legsInUse(draft),
    shown,
    legProblems,
    travellersError: wasSubmitted && problems?.travellers ? describe(problems.travellers) : undefined,
    formError: formProblem ? describe(formProblem) : undefined,
    update,
    updateLeg,
    removeLeg,
    addLeg,
    setTripType,
    setRoundTrip,
    setParty,
    submit,
    searchOn,
    fareRoute: fareRouteOf(draft),
  };
}
