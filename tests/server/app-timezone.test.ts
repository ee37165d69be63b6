import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('APP_TIMEZONE', () => {
  it('takes IANA zones and the aliases a formatter takes, and refuses an unknown zone at start', () => {
    expect(loadConfig({ APP_TIMEZONE: 'Europe/Moscow' }).timezone).toBe('Europe/Moscow');
    expect(loadConfig({ APP_TIMEZONE: 'Asia/Yekaterinburg' }).timezone).toBe('Asia/Yekaterinburg');
    // Not in the list of canonical zones, yet valid for Intl.DateTimeFormat: still taken.
    for (const alias of ['UTC', 'Etc/UTC', 'europe/moscow']) {
      expect(loadConfig({ APP_TIMEZONE: alias }).timezone).toBe(alias);
    }
    expect(() => loadConfig({ APP_TIMEZONE: 'Europe/Atlantis' })).toThrow(
      /APP_TIMEZONE: unknown time zone Europe\/Atlantis/,
    );
  });
});
