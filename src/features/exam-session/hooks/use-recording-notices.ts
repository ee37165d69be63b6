import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { LocalRecording } from '@/lib/local-db';
import { recordingStore } from '@/lib/device-sync';
import { browserLocks, heldRecordingLocks } from '@/lib/recording-lock';
import { activeRecordings } from '@/lib/recording-store';
import { tokenStore } from '@/lib/tokens';
import { type RecordingNotice, recordingNotice } from '../model/recording-notices';

export interface RecordingNoticeEntry {
  recording: LocalRecording;
  notice: RecordingNotice;
}

/** This student's cut-off recordings on the device, live (across tabs too), with what to say. */
export function useRecordingNotices(): RecordingNoticeEntry[] {
  const [entries, setEntries] = useState<RecordingNoticeEntry[]>([]);
  useEffect(() => {
    const locks = browserLocks();
    let latest = 0;
    const subscription = liveQuery(() => recordingStore.recordingsOf(tokenStore.userId())).subscribe({
      next: (rows) => {
        const call = ++latest;
        void (locks ? heldRecordingLocks(locks) : Promise.resolve(activeRecordings)).then((held) => {
          if (call !== latest) return;
          const options = { held, locksAvailable: Boolean(locks) };
          setEntries(
            rows.flatMap((recording) => {
              const notice = recordingNotice(recording, options);
              return notice ? [{ recording, notice }] : [];
            }),
          );
        });
      },
      error: (error: unknown) => console.warn('recording notices', error),
    });
    return () => subscription.unsubscribe();
  }, []);
  return entries;
}
