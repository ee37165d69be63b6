import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentComposer } from '@/features/review/components/comment-composer';
import { type VoiceDevices, VoiceRecorder } from '@/features/review/components/voice-recorder';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { FakeMediaRecorder, FakeTrack, fakeStream } from '../exam-session/fake-media';

let now = 0;
let recorders: FakeMediaRecorder[];
let track: FakeTrack;

function devices(microphone?: () => Promise<MediaStream>): VoiceDevices {
  return {
    microphone: microphone ?? (async () => fakeStream(track).stream),
    isTypeSupported: (m) => m === 'audio/webm;codecs=opus',
    mediaRecorder: (_stream, options) => {
      const r = new FakeMediaRecorder(options);
      recorders.push(r);
      return r as unknown as MediaRecorder;
    },
    now: () => now,
  };
}

beforeEach(async () => {
  now = 1_000;
  recorders = [];
  track = new FakeTrack();
  // jsdom has no object URLs; the listening copy needs one.
  Object.assign(URL, { createObjectURL: () => 'blob:voice', revokeObjectURL: () => undefined });
  await localDb.outbox.clear();
});

/** Records `seconds` of voice through the fake recorder and stops it. */
async function record(seconds: number, stop = true) {
  fireEvent.click(screen.getByRole('button', { name: 'Записать голосом' }));
  await screen.findByRole('button', { name: 'Остановить' });
  const r = recorders.at(-1)!;
  r.emit(new Blob(['голос'], { type: 'audio/webm;codecs=opus' }));
  now += seconds * 1000;
  if (stop) fireEvent.click(screen.getByRole('button', { name: 'Остановить' }));
  return r;
}

describe('the voice recorder', () => {
  it('records opus in WebM with a clock, then offers to listen, keep or redo; keeping hands the voice over', async () => {
    const onKeep = vi.fn();
    render(<VoiceRecorder onKeep={onKeep} devices={devices()} />);
    const r = await record(0, false);
    expect(r.options.mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.getByRole('timer', { name: 'Идет запись голоса' }).textContent).toBe('00:00 / 02:00');
    now += 7_000;
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('00:07 / 02:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Остановить' }));

    await screen.findByRole('button', { name: 'Прослушать' });
    expect(track.stopped).toBe(true);
    expect(screen.getByRole('button', { name: 'Перезаписать' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Оставить' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
    const [voice] = onKeep.mock.calls[0] as [{ blob: Blob; mime: string; duration: number }];
    expect(voice.mime).toBe('audio/webm;codecs=opus');
    expect(voice.duration).toBeCloseTo(7, 1);
    expect(await voice.blob.text()).toBe('голос');
    // Back to the start, ready for another.
    expect(screen.getByRole('button', { name: 'Записать голосом' })).toBeTruthy();
  });

  it('stops by itself at two minutes', async () => {
    render(<VoiceRecorder onKeep={() => undefined} devices={devices()} />);
    const r = await record(125, false);
    await screen.findByRole('button', { name: 'Прослушать' });
    expect(r.state).toBe('inactive');
    expect(screen.getByTestId('voice-recorded').textContent).toContain('02:00');
  });

  it('redoes a voice: a new recording replaces the one made', async () => {
    const onKeep = vi.fn();
    render(<VoiceRecorder onKeep={onKeep} devices={devices()} />);
    await record(3);
    fireEvent.click(await screen.findByRole('button', { name: 'Перезаписать' }));
    await screen.findByRole('button', { name: 'Остановить' });
    recorders.at(-1)!.emit(new Blob(['второй'], { type: 'audio/webm' }));
    now += 5_000;
    fireEvent.click(screen.getByRole('button', { name: 'Остановить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Оставить' }));
    const [voice] = onKeep.mock.calls[0] as [{ blob: Blob; duration: number }];
    expect(await voice.blob.text()).toBe('второй');
    expect(voice.duration).toBeCloseTo(5, 1);
  });

  it('records nothing when the microphone is refused, and stays ready', async () => {
    render(
      <VoiceRecorder
        onKeep={() => undefined}
        devices={devices(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Записать голосом' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Записать голосом' })).toHaveProperty('disabled', false),
    );
    expect(recorders).toEqual([]);
  });
});

describe('the composer with a voice', () => {
  it("queues a voice-only comment as 'Голосовой комментарий' and its voice after it, aimed at its client id", async () => {
    render(
      <CommentComposer
        audioId={9}
        duration={60}
        span={{ start: 1, end: 6 }}
        onFromPlayhead={() => undefined}
        onAdded={() => undefined}
        voiceDevices={devices()}
      />,
    );
    await record(4);
    fireEvent.click(await screen.findByRole('button', { name: 'Оставить' }));
    expect(screen.getByTestId('composer-voice').textContent).toContain('Голосовой комментарий, 00:04');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));

    await waitFor(async () => expect(await syncEngine.pendingOf('voice')).toHaveLength(1));
    const [create] = await syncEngine.pendingOf('comment');
    const [voice] = await syncEngine.pendingOf('voice');
    expect(create.payload).toMatchObject({ op: 'create', audioId: 9, comment: 'Голосовой комментарий' });
    const clientId = create.payload.op === 'create' ? create.payload.clientId : '';
    expect(voice.payload).toMatchObject({
      op: 'put',
      audioId: 9,
      target: { clientId },
      mime: 'audio/webm;codecs=opus',
      duration: 4,
    });
    // Both in the recording's comment group, the voice queued after its creation.
    expect(voice.group).toBe(create.group);
    expect(voice.id!).toBeGreaterThan(create.id!);
  });
});
