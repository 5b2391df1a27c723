// A free TCP port on 127.0.0.1, for the scripts that start a throwaway PostgreSQL or server beside
// others (the browser tests' server, the start-memory benchmark).
import net from "node:net";

/** Asks the system for a free port: listens on port 0, reads the port it got, closes. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
