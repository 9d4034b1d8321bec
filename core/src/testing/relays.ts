// What sits between the parts on a real network, on loopback for tests: a TCP relay (optionally TLS in front, as a
// managed Redis or PostgreSQL with TLS looks) that can be cut and restored as a partition or a restart would, and an
// HTTP balancer that does what deploy/nginx.conf and any load balancer with health checks do.
import http from "node:http";
import net, { type AddressInfo, type Server, type Socket } from "node:net";
import tls from "node:tls";

export type Relay = {
  /** The loopback port clients connect to (0 before the first `open()`). */
  readonly port: number;
  /** Connections accepted so far (TLS: handshakes completed). */
  readonly connections: number;
  /** Listens again on the same port after a `cut()` (idempotent). */
  open(): Promise<void>;
  /** Closes the port and every relayed connection, as a partition or a restart of the far side would. */
  cut(): Promise<void>;
  /**
   * Stops carrying bytes either way while every connection stays open (new ones are accepted and carry nothing):
   * a far side that hangs, or a partition that drops packets without a reset, as a firewall or a dead host does.
   */
  freeze(): void;
};

/**
 * A relay from a loopback port to `target`. With `tls` the relay speaks TLS to its clients with that key and
 * certificate and plain TCP to the target.
 */
export async function relay(
  target: { host: string; port: number },
  options: { tls?: { key: string; cert: string } } = {},
): Promise<Relay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let connections = 0;
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  const stall = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const pipe = (client: Socket) => {
    connections++;
    const upstream = net.createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const s of pair) {
      sockets.add(s);
      s.on("close", () => {
        sockets.delete(s);
        pairs.delete(pair);
      });
      s.on("error", () => {});
    }
    if (frozen) stall(pair);
    else client.pipe(upstream).pipe(client);
  };
  const open = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      const listener = options.tls ? tls.createServer(options.tls, pipe) : net.createServer(pipe);
      listener.on("tlsClientError", () => {});
      server = listener;
      listener.listen(port, "127.0.0.1", () => {
        port = (listener.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    get connections() {
      return connections;
    },
    open,
    cut: () =>
      new Promise<void>((resolve) => {
        const closing = server;
        server = undefined;
        for (const s of sockets) s.destroy();
        if (!closing) return resolve();
        closing.close(() => resolve());
      }),
    freeze: () => {
      frozen = true;
      for (const pair of pairs) stall(pair);
    },
  };
}

export type Backend = { url: URL; ready: boolean };

/**
 * A balancer in front of `backends`: routes round-robin to those whose /readyz answered 200 (checked every 100 ms),
 * and tries another backend once when a connection fails before an answer, as nginx's `proxy_next_upstream` does:
 * any request whose connection was refused (it never reached the backend), and a GET or HEAD whatever happened.
 */
export async function balancer(backends: Backend[]): Promise<{ url: string; stop(): Promise<void> }> {
  let next = 0;
  const probe = setInterval(() => {
    for (const b of backends) {
      fetch(new URL("/readyz", b.url), { signal: AbortSignal.timeout(500) })
        .then((r) => {
          b.ready = r.status === 200;
        })
        .catch(() => {
          b.ready = false;
        });
    }
  }, 100);
  const pick = (avoid?: Backend) => {
    const ready = backends.filter((b) => b.ready && b !== avoid);
    return ready[next++ % Math.max(ready.length, 1)] ?? backends.find((b) => b !== avoid);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const repeatable = req.method === "GET" || req.method === "HEAD";
      const send = (backend: Backend | undefined, attempt: number) => {
        if (!backend) {
          res.writeHead(502).end();
          return;
        }
        const upstream = http.request(
          new URL(req.url ?? "/", backend.url),
          { method: req.method, headers: { ...req.headers, host: backend.url.host }, agent: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", (err: NodeJS.ErrnoException) => {
          const neverSent = err.code === "ECONNREFUSED";
          if ((repeatable || neverSent) && attempt === 0 && !res.headersSent) send(pick(backend), 1);
          else if (!res.headersSent) res.writeHead(502).end();
        });
        upstream.end(body);
      };
      send(pick(), 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      clearInterval(probe);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
