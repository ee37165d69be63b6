/** One Server-Sent Event: its name (`message` when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream as it arrives: chunks may cut a line or an event anywhere; comment
 * lines (heartbeats) are skipped; an event is dispatched at its blank line (the SSE rules).
 */
export function createSseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  let name = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };

  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.search(/[\r\n]/);
      if (end === -1) return;
      // A '\r' at the chunk's end may be the first half of '\r\n': wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) return;
      const width = buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + width);
    }
  };
}
