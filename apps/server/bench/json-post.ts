/**
 * A client's JSON call to the server at `base` (a POST with `headers`), its answer read whole and its
 * length told to `received` (decompressed); an answer that is not 2xx throws with its text.
 */
export const jsonPost =
  (base: string, headers: Record<string, string>, received: (chars: number) => void) =>
  async (url: string, body: unknown): Promise<unknown> => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    received(text.length);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
