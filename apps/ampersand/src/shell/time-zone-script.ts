/**
 * The one script &'s pages load (linked by the page shell): it tells the server the browser's
 * time zone in the `amp_tz` cookie, so the next page shows times in it (web/time-zone.tsx). A
 * progressive enhancement: every page works, in UTC, without it.
 */

export const TIME_ZONE_COOKIE = 'amp_tz';
export const TIME_ZONE_SCRIPT_PATH = '/assets/time-zone.js';

export const TIME_ZONE_SCRIPT = `// Tells & this browser's time zone, so its pages show times in it.
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    var cookie = '${TIME_ZONE_COOKIE}=' + encodeURIComponent(zone);
    if (zone && document.cookie.split('; ').indexOf(cookie) < 0) document.cookie = cookie + '; path=/; max-age=31536000; samesite=lax';
  } catch (e) {}
})();
`;
