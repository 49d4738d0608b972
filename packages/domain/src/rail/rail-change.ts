import type { ErrorName } from '../errors';
import type { LocalText } from '../text';

/**
 * Why China Railway, or our agents' desk for a ticket issued offline, refused to change a ticket (改签):
 * the old ticket it does not know as sold to the account, one already used, changed or returned, a train
 * already gone, or no seat left on the new one; and the desk's agent refusing it. Each maps to the error
 * code the product specification gives a change refused (§8), and says why in both languages.
 */
export const RAIL_CHANGE_REFUSALS = {
  'ticket-unknown': {
    error: 'CHANGE_NOT_ALLOWED',
    text: { en: 'the railway has no such ticket', 'zh-CN': '铁路系统中查无此票' },
  },
  'ticket-used': {
    error: 'CHANGE_NOT_ALLOWED',
    text: {
      en: 'the ticket has already been used, changed or refunded',
      'zh-CN': '该车票已使用、已改签或已退票',
    },
  },
  departed: {
    error: 'CHANGE_NOT_ALLOWED',
    text: { en: 'the train has already left', 'zh-CN': '列车已发车' },
  },
  'sold-out': {
    error: 'TICKETS_INSUFFICIENT',
    text: { en: 'the new train has no seats left in that class', 'zh-CN': '新车次该席别已无余票' },
  },
  'agent-refused': {
    error: 'CHANGE_NOT_ALLOWED',
    text: {
      en: 'our ticketing agent could not make it at the railway',
      'zh-CN': '代售点工作人员未能在铁路办理',
    },
  },
} as const satisfies Record<string, { error: ErrorName; text: LocalText }>;

export type RailChangeRefusal = keyof typeof RAIL_CHANGE_REFUSALS;

export const RAIL_CHANGE_REFUSAL_NAMES = Object.keys(RAIL_CHANGE_REFUSALS) as RailChangeRefusal[];

export const isRailChangeRefusal = (reason: string): reason is RailChangeRefusal => reason in RAIL_CHANGE_REFUSALS;
