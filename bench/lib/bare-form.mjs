// The floor for the public form benchmark: a bare node:http server that reads a POSTed body to its end and answers
// the small JSON a submission answers (with the CORS header the public routes send), no database, no framework. It
// runs in a process of its own, so it has its own core time like the real web server. `node bench/lib/bare-form.mjs`
// prints {"url": …} once listening (on an ephemeral port of 127.0.0.1); startBareForm() runs it and answers that.
import path from "node:path";
import { serveBare, startBareServer } from "./bare-server.mjs";

const ANSWER = Buffer.from(JSON.stringify({ message: "Thanks for signing up!", redirectUrl: null }));
const HEADERS = {
  "Content-Type": "application/json",
  "Content-Length": String(ANSWER.length),
  "Access-Control-Allow-Origin": "*",
};

export const startBareForm = () => startBareServer(import.meta.filename, "bare form");

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  serveBare(
    (req, res) => {
      req.on("data", () => {});
      req.on("end", () => {
        res.writeHead(200, HEADERS);
        res.end(ANSWER);
      });
    },
    { keepAliveTimeout: 60_000 },
  );
}
