/** What a stubbed `fetch` answers in the web tests: the parts of a Response that api.ts reads. */
export function reply(status: number, body?: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

/** A refusal as the server sends it. */
export const apiError = (status: number, code: string) => reply(status, { error: { code, message: 'server words' } });
