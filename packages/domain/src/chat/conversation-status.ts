/**
 * A conversation with customer service: `waiting` in the agents' queue, `active` once an agent has taken
 * it (transferring hands it to another agent and keeps it active), `closed` for good. A traveller who
 * writes again after closing starts a new conversation.
 */
export const CONVERSATION_STATUSES = ['waiting', 'active', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_ACTIONS = ['take', 'transfer', 'close'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

const TRANSITIONS: Record<ConversationAction, { from: readonly ConversationStatus[]; to: ConversationStatus }> = {
  take: { from: ['waiting'], to: 'active' },
  transfer: { from: ['active'], to: 'active' },
  close: { from: ['waiting', 'active'], to: 'closed' },
};

/** The statuses an action may start from (the `WHERE status IN (...)` of its compare-and-set). */
export const conversationFrom = (action: ConversationAction): readonly ConversationStatus[] => TRANSITIONS[action].from;

/** Where an action leads from a status, or null when the action is not allowed there. */
export function nextConversationStatus(
  status: ConversationStatus,
  action: ConversationAction,
): ConversationStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/**
 * Spec §4: the online-service status the account menu's entry shows (`init` before the chat is asked
 * for, `pending` while it connects, `failed` when it cannot load) and the widget's own report.
 */
export const SERVICE_STATUSES = ['init', 'pending', 'failed'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const WIDGET_STATUSES = ['pending', 'success', 'failed'] as const;
export type WidgetStatus = (typeof WIDGET_STATUSES)[number];

/** The entry's status from the widget's report: a connected widget leaves the entry at rest (`init`). */
export function serviceStatusOf(widget: WidgetStatus | null): ServiceStatus {
  if (widget === 'pending') return 'pending';
  if (widget === 'failed') return 'failed';
  return 'init';
}
