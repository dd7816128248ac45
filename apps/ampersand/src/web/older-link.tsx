/**
 * The link under a list that grows with use (store/newest-first.ts) to its next, older page: the
 * page's own address with that list's cursor in `param`, back at the list's heading. Absent on
 * the last page. The other lists of the page start again from their newest.
 */
export function OlderLink(props: { path: string; param: string; next: string | undefined; anchor: string; label: string }) {
  if (!props.next) return null;
  return (
    <p class="older">
      <a href={`${props.path}?${props.param}=${encodeURIComponent(props.next)}#${props.anchor}`} rel="next">
        {props.label}
      </a>
    </p>
  );
}

/** Rows each page of a list shows. */
export const LIST_PAGE = {
  pending: 20,
  approved: 50,
  notifications: 30,
  questionsOpen: 20,
  questionsSent: 30,
  requests: 20,
  connections: 50,
  loops: 50,
  invitations: 20,
  /** A conversation's messages (plain chat, a Loop's), newest page first, oldest first on each. */
  messages: 100,
} as const;
