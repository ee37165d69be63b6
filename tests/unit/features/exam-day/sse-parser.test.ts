import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '@/features/exam-day/model/sse-parser';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const feed = createSseParser((event) => events.push(event));
  for (const chunk of chunks) feed(chunk);
  return events;
}

describe('createSseParser', () => {
  it('joins an event cut anywhere across chunks', () => {
    const text = 'event: progress\ndata: {"students":[]}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'progress', data: '{"students":[]}' },
      ]);
    }
  });

  it('skips heartbeats and reads several events in one chunk', () => {
    expect(
      parse([': heartbeat\n\nevent: progress\ndata: 1\n\n: hb\n\nevent: progress\ndata: 2\n\n']),
    ).toEqual([
      { event: 'progress', data: '1' },
      { event: 'progress', data: '2' },
    ]);
  });

  it('takes CRLF split between chunks, joins data lines, names unnamed events message', () => {
    expect(parse(['data: a\r', '\ndata:b\r\n\r', '\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('dispatches nothing until the blank line', () => {
    expect(parse(['event: progress\ndata: 1\n'])).toEqual([]);
  });
});
