export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
  withCredentials: boolean;
  /** Reports upload progress (loaded of total bytes). */
  progress: (loaded: number, total: number) => void;
  /** Ends the request with a status and a JSON body. */
  respond: (status: number, body?: unknown) => void;
}

/** Replaces XMLHttpRequest (the uploads use it for progress); the test drives each request by hand. */
export function mockXhr() {
  const requests: FakeRequest[] = [];
  class FakeXHR {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(form: FormData) {
      requests.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        form,
        withCredentials: this.withCredentials,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status, body) => {
          this.status = status;
          this.responseText = body === undefined ? '' : JSON.stringify(body);
          this.onload?.();
        },
      });
    }
  }
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXHR;
  return requests;
}

export const upload = (over = {}) => ({
  url: '/media/abc.png',
  filename: 'abc.png',
  originalName: 'shot.png',
  mimeType: 'image/png',
  size: 2048,
  ...over,
});
