import { describe, expect, it } from 'vitest';
import { NetworkError, isAbortError, sendWithProgress } from '~/features/documents/document-upload-request';
import { ApiError } from '~/lib/api';

/**
 * The upload dialog's one request with progress, against a stand-in XMLHttpRequest (Node has
 * none): it events as a browser's does, and the test plays the network's part.
 */
class FakeRequest extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  opened: [string, string] | null = null;
  body: unknown = undefined;
  aborts = 0;
  headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.opened = [method, url];
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborts++;
    this.dispatchEvent(new Event('abort'));
  }
  getResponseHeader(name: string) {
    return this.headers[name] ?? null;
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable }));
  }
  answer(status: number, text = '') {
    Object.assign(this, { status, responseText: text, statusText: 'x' });
    this.dispatchEvent(new Event('load'));
  }
}

function start(signal = new AbortController().signal) {
  const request = new FakeRequest();
  const seen: Array<[number, number]> = [];
  const sent = sendWithProgress({
    method: 'PUT',
    url: '/api/uploads/parts/u/1',
    body: 'bytes',
    signal,
    onProgress: (loaded, total) => seen.push([loaded, total]),
    createRequest: () => request as unknown as XMLHttpRequest,
  });
  return { request, seen, sent };
}

describe('sendWithProgress', () => {
  it('sends the body, reports the bytes sent, and answers the request on a 2xx', async () => {
    const { request, seen, sent } = start();
    expect(request.opened).toEqual(['PUT', '/api/uploads/parts/u/1']);
    expect(request.body).toBe('bytes');
    request.progress(2, 5);
    request.progress(3, 0, false);
    request.headers.ETag = '"abc"';
    request.answer(200);
    const answered = await sent;
    expect(answered.getResponseHeader('ETag')).toBe('"abc"');
    expect(seen).toEqual([
      [2, 5],
      [3, 0],
    ]);
  });

  it("any other status is the same ApiError as every call's, with the server's words", async () => {
    const { request, sent } = start();
    request.answer(415, '{"message":"This file type is not allowed."}');
    const error = await sent.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, serverMessage: 'This file type is not allowed.' });
  });

  it('no answer at all is a NetworkError', async () => {
    const { request, sent } = start();
    request.dispatchEvent(new Event('error'));
    await expect(sent).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborting the signal aborts the request and ends in an AbortError; a late answer changes nothing', async () => {
    const controller = new AbortController();
    const { request, sent } = start(controller.signal);
    request.progress(1, 5);
    controller.abort();
    const error = await sent.catch((caught: unknown) => caught);
    expect(request.aborts).toBe(1);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    request.answer(200);
    // Done with the signal: aborting again does not touch the finished request.
    controller.abort();
    expect(request.aborts).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    let created = false;
    const sent = sendWithProgress({ method: 'POST', url: '/x', body: '', signal: controller.signal, createRequest: () => ((created = true), new FakeRequest() as unknown as XMLHttpRequest) });
    expect(isAbortError(await sent.catch((caught: unknown) => caught))).toBe(true);
    expect(created).toBe(false);
  });

  it('the one abort check knows fetch’s and the DOM’s AbortError, and nothing else', () => {
    expect(isAbortError(new DOMException('stopped', 'AbortError'))).toBe(true);
    expect(isAbortError(Object.assign(new Error('stopped'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(new NetworkError())).toBe(false);
    expect(isAbortError(new ApiError(499, '', ''))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
