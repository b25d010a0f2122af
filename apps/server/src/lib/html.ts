/** Text safe to put inside HTML (server-rendered pages: the bundled sign-in, the sign-in outage page). */
export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
