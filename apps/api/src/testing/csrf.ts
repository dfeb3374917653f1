/** The CSRF token a sign-in answer carries (it rotates the token), or undefined: test clients follow it. */
export function csrfFromBody(text: string): string | undefined {
  if (!text.includes('"csrf_token"')) return undefined;
  try {
    const token = (JSON.parse(text) as { csrf_token?: unknown }).csrf_token;
    return typeof token === 'string' && token !== '' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an answer set a new CSRF cookie (a sign-in rotates it): the client's token must be read again. */
export function setsCsrfCookie(setCookie: readonly string[] | string | number | undefined): boolean {
  const lines = typeof setCookie === 'string' ? [setCookie] : Array.isArray(setCookie) ? setCookie : [];
  return lines.some((line) => line.startsWith('portal_csrf='));
}
