/**
 * What waits for the andee when they come back: unread notifications, facts to review,
 * connection requests and questions to answer — the first few of each, newest first, and how many
 * in all. Signing in lands on these; Connected apps only when none waits.
 */
import type { Connections, PendingRequest } from './connections.ts';
import type { IdentitySignals, Signal } from './identity-signals.ts';
import type { Notification, Notifications } from './notifications.ts';
import type { OpenQuestion, PeerQuestions } from './peer-questions.ts';

export interface WhatWaits {
  unread: number;
  notifications: Notification[];
  reviewCount: number;
  review: Signal[];
  requests: PendingRequest[];
  questions: OpenQuestion[];
}

/** How many of each kind are shown on the home page; the page links to the full list. */
export const WAITING_SHOWN = 3;

export async function whatWaits(
  deps: { notifications: Notifications; signals: IdentitySignals; connections: Connections; questions: PeerQuestions },
  andeeId: string,
): Promise<WhatWaits> {
  const [unread, notifications, reviewCount, review, requests, questions] = await Promise.all([
    deps.notifications.unreadCount(andeeId),
    deps.notifications.page(andeeId, { limit: WAITING_SHOWN }),
    deps.signals.pendingCount(andeeId),
    deps.signals.page(andeeId, 'pending', { limit: WAITING_SHOWN }),
    deps.connections.requestsPage(andeeId, 'incoming', { limit: WAITING_SHOWN }),
    deps.questions.openPage(andeeId, { limit: WAITING_SHOWN }),
  ]);
  return {
    unread,
    notifications: notifications.notifications.filter((n) => n.readAt === null),
    reviewCount,
    review: review.signals,
    requests: requests.requests,
    questions: questions.questions,
  };
}

export function somethingWaits(w: WhatWaits): boolean {
  return w.unread > 0 || w.reviewCount > 0 || w.requests.length > 0 || w.questions.length > 0;
}
