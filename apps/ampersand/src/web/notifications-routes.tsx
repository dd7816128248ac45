/**
 * Notifications in the web app: newest first a page at a time, unread ones marked, each (or all)
 * marked read by a CSRF-carrying form; one that asked for something is read once it is done
 * (notifications.ts). Times read relative to now, with the exact time in the person's time zone.
 */
import { Hono } from 'hono';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { TimeWords, requestZone } from './time-zone.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import { formFields, sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

export function notificationsRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/notifications', signedIn, async (c) => {
    const session = sessionOf(c);
    const id = session.andee.andeeId;
    const after = c.req.query('older');
    const [page, unread] = await Promise.all([deps.notifications.page(id, { limit: LIST_PAGE.notifications, after }), deps.notifications.unreadCount(id)]);
    const now = deps.now();
    const zone = requestZone(c);
    return c.html(
      renderPage(
        'Notifications',
        <>
          <h1 id="notifications">Notifications</h1>
          <p data-unread={String(unread)}>{unread === 0 ? 'Nothing unread.' : `${unread} unread.`}</p>
          {unread > 0 ? (
            <form method="post" action="/notifications/read">
              <input type="hidden" name="csrf" value={session.csrfToken} />
              <button type="submit">Mark all read</button>
            </form>
          ) : null}
          {after && page.notifications.length === 0 ? <p>No older notifications.</p> : null}
          {page.notifications.map((n) => (
            <div class={n.readAt ? 'card' : 'card unread'} data-notification={n.notificationId}>
              <p>{n.text}</p>
              <p class="meta">
                <TimeWords at={n.createdAt} now={now} zone={zone} />
              </p>
              <div class="actions">
                {n.link ? (
                  <a class="button" href={n.link}>
                    Open
                  </a>
                ) : null}
                {n.readAt ? null : (
                  <form method="post" action="/notifications/read">
                    <input type="hidden" name="csrf" value={session.csrfToken} />
                    <input type="hidden" name="notificationId" value={n.notificationId} />
                    <button type="submit">Mark read</button>
                  </form>
                )}
              </div>
            </div>
          ))}
          <OlderLink path="/notifications" param="older" next={page.next} anchor="notifications" label="Older notifications" />
        </>,
        { signedIn: true, unread },
      ),
    );
  });

  app.post('/notifications/read', signedForm, async (c) => {
    await deps.notifications.markRead(sessionOf(c).andee.andeeId, formFields(c).notificationId || undefined, deps.now());
    return c.redirect('/notifications', 303);
  });

  return app;
}
