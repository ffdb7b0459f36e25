import http from "node:http";

export interface RawResponse {
  /** 0 when the server closed the connection before its answer was read: refused all the same. */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with exactly these headers and this body (fetch would not let a test forge Host or
 * send a body that lies about its length). The server may answer and close before the body is all
 * written (a 413): that is not an error here.
 */
export function rawRequest(
  baseURL: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: Buffer[];
    localAddress?: string;
    agent?: http.Agent | false;
  },
): Promise<RawResponse> {
  const base = new URL(baseURL);
  // localAddress: the whole of 127.0.0.0/8 is this machine, so a test can connect from many addresses.
  const host = options.localAddress ? "127.0.0.1" : base.hostname;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      {
        host,
        port: base.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        setHost: !options.headers?.Host,
        localAddress: options.localAddress,
        agent: options.agent,
      },
      (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on("data", (chunk: Buffer) => parts.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      else if (!answered) resolve({ status: 0, headers: {}, body: "" });
    });
    if (options.chunks) {
      for (const chunk of options.chunks) request.write(chunk);
      request.end();
    } else request.end(options.body);
  });
}
