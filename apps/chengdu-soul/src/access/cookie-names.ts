/** The names of Chengdu Soul's cookies (the kit's `SiteCookies` decides how they are set). */
export const SESSION_COOKIE = 'chengdu_session';
export const FORM_COOKIE = 'chengdu_form';
