import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A stand-in for `app.inject` that sends real HTTP requests to `baseUrl`, so the helpers written
 * for `app.inject` (register, login, authoring, uploads) drive a server in another process or a
 * proxy in front of several.
 */
export function httpApp(baseUrl: string): FastifyInstance {
  const inject = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value !== undefined) headers.set(name, String(value));
    }
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (Buffer.isBuffer(opts.payload) || typeof opts.payload === 'string') {
      body = typeof opts.payload === 'string' ? opts.payload : new Uint8Array(opts.payload);
    } else if (opts.payload !== undefined) {
      body = JSON.stringify(opts.payload);
      headers.set('content-type', 'application/json');
    }
    const res = await fetch(new URL(String(opts.url), baseUrl), {
      method: opts.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await res.arrayBuffer());
    const text = rawPayload.toString('utf8');
    return {
      statusCode: res.status,
      statusMessage: res.statusText,
      headers: Object.fromEntries(res.headers),
      rawPayload,
      payload: text,
      body: text,
      json: () => JSON.parse(text),
    } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}
