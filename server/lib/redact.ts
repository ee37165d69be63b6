const SECRET_PARAMS = /([?&](?:password|token|refresh_token|access_token|sig)=)[^&]*/gi;

/** The URL as logs may hold it: secrets in the query string replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}
