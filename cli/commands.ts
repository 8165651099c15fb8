// What each operator command does, through the same services the dashboard uses.
import { db } from "@/server/db/client";
import { ZEmail } from "@/lib/schemas/account";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import type { CliCommand } from "./parse-args";

export async function runCommand(command: CliCommand): Promise<string> {
  switch (command.kind) {
    case "workspace.create": {
      let ownerId: string | undefined;
      if (command.ownerEmail) {
        const email = ZEmail.safeParse(command.ownerEmail);
        if (!email.success) throw new Error(`"${command.ownerEmail}" is not a valid email address.`);
        const owner = await db().user.findUnique({ where: { email: email.data }, select: { id: true } });
        if (!owner) throw new Error(`No user with the email ${email.data}. They must sign up first.`);
        ownerId = owner.id;
      }
      const workspace = await createWorkspace({ name: command.name, ownerId });
      return workspace.slug;
    }
    case "keys.create": {
      const workspace = await db().workspace.findUnique({ where: { slug: command.workspace }, select: { id: true } });
      if (!workspace) throw new Error(`No workspace with the slug "${command.workspace}".`);
      const { plaintext } = await createApiKey({
        workspaceId: workspace.id,
        input: { name: command.name, scope: command.scope },
      });
      return plaintext;
    }
  }
}
