// Is the web port free? Asked before anything starts, because `next start` on a taken port dies only after the
// database, migrations and a build, and meanwhile whatever holds the port answers our health check.
import net from "node:net";

/** Resolves null when the port can be bound like `next start` binds it (host, or every interface), else the error code. */
export function portProblem(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) => resolve(error.code ?? "ERROR"));
    probe.once("listening", () => probe.close(() => resolve(null)));
    probe.listen({ port: Number(port), host: host || undefined, exclusive: true });
  });
}

/** The operator-facing explanation for a port we cannot use. */
export function portProblemMessage(port, code) {
  const another = Number(port) === 3001 ? 3002 : 3001;
  const why =
    code === "EADDRINUSE"
      ? `Port ${port} is already in use (another Sendwell, or another program, is listening on it).`
      : code === "EACCES"
        ? `Port ${port} needs privileges this user does not have.`
        : `Port ${port} cannot be used (${code}).`;
  return `${why} Stop that program, or choose another port: PORT=${another} npm start`;
}
