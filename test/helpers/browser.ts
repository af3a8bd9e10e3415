// A tiny cookie-keeping HTTP client for tests: what a browser without JavaScript would do.

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Holds cookies for one origin and sends requests like a browser. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sends a request; redirects are not followed (tests look at them). */
  async request(
    method: string,
    path: string,
    init: { body?: string | Uint8Array | ReadableStream<Uint8Array>; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const stream = init.body instanceof ReadableStream;
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: init.body,
      redirect: 'manual',
      ...(stream ? { duplex: 'half' } : {}),
    } as RequestInit);
    this.remember(res);
    const text = await res.text();
    let json: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request('GET', path, { headers });
  }

  /** The csrf token of a page (from its meta tag); loads the page to get it. */
  async csrfToken(path = '/'): Promise<string> {
    const res = await this.get(path);
    const m = /<meta name="csrf-token" content="([^"]*)"/.exec(res.text);
    if (!m) throw new Error(`no csrf-token meta tag on ${path} (status ${res.status})`);
    return m[1];
  }

  /** POSTs JSON with X-CSRF-Token (token: undefined means fetch one from / first; null means send none). */
  async postJson(path: string, body: unknown, token?: string | null): Promise<TestResponse> {
    const csrf = token === undefined ? await this.csrfToken() : token;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (csrf) headers['x-csrf-token'] = csrf;
    return this.request('POST', path, {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers,
    });
  }

  /** POSTs an HTML form (urlencoded), as a browser without JavaScript does. */
  async postForm(path: string, fields: Record<string, string>): Promise<TestResponse> {
    return this.request('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}
