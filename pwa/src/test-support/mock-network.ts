// The network of a PWA test file: an msw server listening through the file's tests, refusing any request no
// handler answers, and dropping the handlers a test added when that test ends.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { type SetupServer, setupServer } from "msw/node";

export function mockNetworkForFile(): SetupServer {
  return forFile(
    () => {
      const server = setupServer();
      server.listen({ onUnhandledFrame: "error" });
      return server;
    },
    { afterEach: (server) => server.resetHandlers(), stop: (server) => server.close() },
  );
}
