// DKIM signing cost on one core: 100 KB messages built by nodemailer (as the SMTP transport builds them), unsigned
// and signed with an RSA-2048 key; the difference is what signing adds per message. No network, no database. Costs are
// CPU time of this process (process.cpuUsage), so a busy machine slows the run but not the figures.
//   node bench/dkim-sign.mjs [--messages 2000] [--kb 100]
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import nodemailer from "nodemailer";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MESSAGES = arg("messages", 2_000);
const KB = arg("kb", 100);

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "der" },
});
// As server/email/smtp-transport.ts passes it: the key parsed once (a KeyObject), not a PEM string per message.
const dkim = { domainName: "shop.example", keySelector: "sw202611", privateKey: createPrivateKey(privateKey) };
// Half HTML, half text, with varied content (a repeated block compresses nothing here, but keeps it realistic).
const paragraph = (i) =>
  `<p>Paragraph ${i}: ${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(8)}</p>\n`;
let html = "";
for (let i = 0; html.length < (KB * 1024) / 2; i++) html += paragraph(i);
const text = html.replace(/<[^>]+>/g, "");

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
async function run(signed) {
  const started = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const info = await transport.sendMail({
      from: '"Shop" <news@shop.example>',
      to: `reader${i}@inbox.example`,
      subject: `Issue ${i}`,
      html,
      text,
      headers: { "List-Unsubscribe": `<https://sendwell.example/u/${i}>` },
      ...(signed ? { dkim } : {}),
    });
    bytes += info.message.length;
  }
  const used = process.cpuUsage(started);
  const seconds = (used.user + used.system) / 1e6;
  return { seconds, perSecond: MESSAGES / seconds, kb: bytes / MESSAGES / 1024 };
}

await run(false); // warm-up
const plain = await run(false);
const signed = await run(true);
const msPerSignature = ((signed.seconds - plain.seconds) / MESSAGES) * 1000;
console.log(
  JSON.stringify({
    messages: MESSAGES,
    messageKb: Math.round(plain.kb),
    unsignedPerSecond: Math.round(plain.perSecond),
    signedPerSecond: Math.round(signed.perSecond),
    signingMsPerMessage: Number(msPerSignature.toFixed(3)),
    signingOnlyPerSecond: Math.round(1000 / msPerSignature),
  }),
);
