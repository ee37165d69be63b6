const SECRET_PARAMS = /([?&](?:password|token|refresh_token|access_token|sig)=)[^&]*/gi;
/** Recovery links carry their single-use token in the path: `/recover/<token>`, `/api/auth/recover/<token>`. */
const RECOVERY_PATH = /(\/recover\/)[^/?#]+/gi;

/** The URL as logs may hold it: secrets in the query string and recovery tokens in the path replaced. */
export function redactUrl(url: string): string {
  return url.replace(RECOVERY_PATH, '$1***').replace(SECRET_PARAMS, '$1***');
}
