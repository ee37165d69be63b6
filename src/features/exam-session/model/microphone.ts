/** Why the microphone cannot be used, each with its help text. */
export type MicrophoneProblem = 'insecure' | 'denied' | 'no-device' | 'busy' | 'silent' | 'failed';

export const MICROPHONE_HELP: Record<MicrophoneProblem, string> = {
  insecure:
    'Браузер дает доступ к микрофону только на защищенной странице. Приложение открыто по адресу без HTTPS, поэтому микрофон недоступен. Откройте приложение по адресу, который начинается с https:// (на самом сервере подойдет и http://localhost), — адрес подскажет учитель или администратор школы.',
  denied:
    'Доступ к микрофону запрещен. Нажмите на значок замка или микрофона в адресной строке, разрешите доступ к микрофону и нажмите «Проверить микрофон» еще раз. На телефоне разрешение можно дать в настройках браузера.',
  'no-device':
    'Микрофон не найден. Подключите микрофон или гарнитуру и нажмите «Проверить микрофон» еще раз.',
  busy: 'Микрофон занят другим приложением или вкладкой. Закройте их и нажмите «Проверить микрофон» еще раз.',
  silent:
    'Микрофон не слышит звука. Скажите что-нибудь вслух. Если полоса уровня не двигается, проверьте, что микрофон включен и не заглушен, или выберите другой микрофон в настройках устройства.',
  failed: 'Не удалось включить микрофон. Перезагрузите страницу и попробуйте еще раз.',
};

/** Below this peak (about −34 dBFS) nothing is taken as heard: speech near a microphone is far above. */
export const HEARD_LEVEL = 0.02;
/** How long a microphone may stay silent before the student is told. */
export const SILENCE_HINT_MS = 4000;

/** The page cannot ask for a microphone at all (HTTP on a school's local address, an old browser). */
export function microphoneUnavailable(): MicrophoneProblem | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'failed';
  return null;
}

/** What a failed `getUserMedia` means for the student. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return microphoneUnavailable() === 'insecure' ? 'insecure' : 'denied';
  }
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return 'no-device';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return microphoneUnavailable() ?? 'failed';
}

/** The exam's microphone: speech-friendly processing on. Throws what getUserMedia throws. */
export async function openMicrophone(): Promise<MediaStream> {
  const unavailable = microphoneUnavailable();
  if (unavailable) throw Object.assign(new Error(unavailable), { name: 'NotSupportedError' });
  return navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
}
