import { useEffect } from 'react';
import { useNotify } from '@/lib/notify';
import { syncEngine } from '@/lib/device-sync';

/** An error toast when the server refuses a queued item for good, with the server's reason. */
export function RefusalToasts() {
  const notify = useNotify();
  useEffect(
    () =>
      syncEngine.onRefused((item, message) =>
        notify.error(`Не принято сервером (${item.label}): ${message}`),
      ),
    [notify],
  );
  return null;
}
