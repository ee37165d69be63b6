import { useEffect, useState } from 'react';
import type { Variant } from '../api/get-exam-variant';
import { requestPersistentStorage } from '@/lib/persistent-storage';
import { ensureStorageFor, type StorageCheck } from '../model/device-storage';

/** Room for this variant's answers (freeing the media cache if short), its own files kept. */
function checkStorageFor(variant: Variant): Promise<StorageCheck> {
  const speakingSeconds = variant.tasks.reduce((sum, vt) => sum + vt.task.duration, 0);
  const keep = new Set(
    variant.tasks.flatMap((vt) =>
      vt.task.files.map((f) => new URL(f.access, window.location.origin).pathname),
    ),
  );
  return ensureStorageFor(speakingSeconds, keep);
}

/**
 * The device side of the exam page: asks for persistent storage (and says whether it was
 * granted) and checks there is room for the chosen variant's recording.
 */
export function useDeviceStorage(variant: Variant | undefined) {
  const [persisted, setPersisted] = useState<boolean | null | undefined>(undefined);
  const [check, setCheck] = useState<StorageCheck | null>(null);

  useEffect(() => {
    let live = true;
    requestPersistentStorage()
      .catch(() => null)
      .then((granted) => {
        if (live) setPersisted(granted);
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!variant) return;
    let live = true;
    checkStorageFor(variant)
      .catch((): StorageCheck => ({ kind: 'unknown' }))
      .then((result) => {
        if (live) setCheck(result);
      });
    return () => {
      live = false;
    };
  }, [variant]);

  return { persisted, check: variant ? check : null };
}
