// hoodiecrow-imap ships no types: the part of its API the bounce mailbox tests use (an in-process IMAP server).
declare module "hoodiecrow-imap" {
  import type { Server } from "node:net";

  type Message = { raw: string | Buffer; uid?: number; flags?: string[] };
  type Folder = { messages: Message[] };

  export type HoodiecrowServer = {
    server: Server;
    listen(port: number, host?: string, callback?: () => void): void;
    close(callback?: () => void): void;
    appendMessage(mailbox: string, flags: string[], internaldate: Date | false, raw: string | Buffer): void;
    getMailbox(path: string): Folder | undefined;
  };

  export default function hoodiecrow(options: {
    plugins?: string[];
    users?: Record<string, { password: string }>;
    storage?: Record<string, unknown>;
    debug?: boolean;
  }): HoodiecrowServer;
}
